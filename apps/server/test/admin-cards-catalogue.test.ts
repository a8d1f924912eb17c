import { describe, expect, it } from 'vitest';
import { TEST_CARD_TYPE } from './draw-factories.ts';
import { createTestApp } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * Cards at catalogue scale: search on the server (name in either language, model number, id,
 * rarity, type), a card read by its id, the CSV export, and the CSV import — a dry run that reports every
 * line before anything is written, then all or nothing in one transaction with one audit row.
 */
const t = await createTestApp();
const db = t.db;
await db
  .insertInto('card_types')
  .values({ id: TEST_CARD_TYPE, name_en: 'Test cards', name_ja: 'テストカード', sort: 99 })
  .onConflict((oc) => oc.column('id').doNothing())
  .execute();
const owner = await staffClient(t, 'owner');
const ownerJa = await staffClient(t, 'owner');
await ownerJa.get('/admin/me');
ownerJa.cookies.set('lang', 'ja');

const HEADER =
  'id,card_type_id,name_en,name_ja,model_number,rarity,rarity_label,conversion_value,ship_only,customs_category';
const line = (name: string, over: Partial<Record<string, string | number>> = {}) => {
  const c = {
    id: '',
    card_type_id: TEST_CARD_TYPE,
    name_en: name,
    name_ja: `${name}（日本語）`,
    model_number: `CSV-${name}`,
    rarity: 3,
    rarity_label: 'R',
    conversion_value: 100,
    ship_only: 0,
    customs_category: 'cards',
    ...over,
  };
  return HEADER.split(',')
    .map((k) => String(c[k as keyof typeof c]))
    .join(',');
};
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n');
const cardCount = async () =>
  Number(
    (
      await db
        .selectFrom('cards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('cards by CSV', () => {
  it('a dry run reports each bad line in the member language and writes nothing', async () => {
    const [cards, audits] = [await cardCount(), await auditCount(db)];
    const file = csv(
      line('Good One'),
      line('Bad Rarity', { rarity: 9 }),
      line('Bad Type', { card_type_id: 424242 }),
      line('', {}),
      line('Bad Id', { id: 99999999 }),
      line('Good One'),
      line('Bad Value', { conversion_value: -3 }),
      line('Bad Customs', { customs_category: 'food' }),
    );
    const res = await ownerJa.post('/admin/cards/import', { csv: file, dry_run: true });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.csv[0]).toContain('取り込んでいません');
    const byLine = Object.fromEntries(
      res.body.lines.map((l: { line: number; field: string; error: string; message: string }) => [
        l.line,
        [l.field, l.error, l.message],
      ]),
    );
    expect(byLine[2]).toEqual([null, null, null]);
    expect(byLine[3]).toEqual(['rarity', 'number_range', '1から7までの整数で入力してください。']);
    expect(byLine[4]).toEqual(['card_type_id', 'card_type_not_found', expect.any(String)]);
    expect(byLine[5]).toEqual(['name_en', 'required', expect.any(String)]);
    expect(byLine[6]).toEqual(['id', 'csv_card_id', expect.any(String)]);
    expect(byLine[7]).toEqual(['name_en', 'csv_duplicate_card', expect.stringContaining('2')]);
    expect(byLine[8]).toEqual(['conversion_value', 'number_range', expect.stringContaining('10000000')]);
    expect(byLine[9]).toEqual(['customs_category', 'invalid', expect.any(String)]);
    // the same file applied: refused whole
    expect((await owner.post('/admin/cards/import', { csv: file })).body.state).toBe(400);
    expect([await cardCount(), await auditCount(db)]).toEqual([cards, audits]);
  });

  it('refuses a file without its columns, an empty one, and bad bodies', async () => {
    const missing = await owner.post('/admin/cards/import', { csv: 'name_en,rarity\r\nA,1', dry_run: true });
    expect(missing.body).toMatchObject({ state: 400 });
    expect(missing.body.errors.csv[0]).toMatch(/missing: id, card_type_id/);
    expect((await owner.post('/admin/cards/import', { csv: HEADER })).body.state).toBe(400);
    for (const body of [{}, { csv: 5 }, { csv: 'x', dry_run: 'yes' }, { csv: 'x', extra: 1 }])
      expect((await owner.post('/admin/cards/import', body)).body.state).toBe(400);
  });

  it('applies a file in one transaction with one audit row; the same file again adds nothing', async () => {
    const [cards, audits] = [await cardCount(), await auditCount(db)];
    const names = Array.from({ length: 50 }, (_, i) => `Imported ${i}`);
    const file = csv(...names.map((n, i) => line(n, { rarity: (i % 7) + 1 })));
    const dry = await owner.post('/admin/cards/import', { csv: file, dry_run: true });
    expect(dry.body).toMatchObject({ state: 200, applied: false, created: 50, updated: 0 });
    expect(await cardCount()).toBe(cards);
    const done = await owner.post('/admin/cards/import', { csv: file });
    expect(done.body).toMatchObject({ state: 200, applied: true, created: 50, updated: 0 });
    expect(await cardCount()).toBe(cards + 50);
    expect(await auditCount(db)).toBe(audits + 1);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'card.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ lines: 50, updated: [] });
    const made = await db
      .selectFrom('cards')
      .selectAll()
      .where('name_en', '=', 'Imported 7')
      .executeTakeFirstOrThrow();
    expect(made).toMatchObject({
      rarity: 1,
      name_ja: 'Imported 7（日本語）',
      image_url: `/media/cards/${made.id}.svg`,
    });

    // the repeat (a double click, a re-sent file): every line is a card already there, nothing written
    const again = await owner.post('/admin/cards/import', { csv: file });
    expect(again.body.state).toBe(400);
    expect(again.body.lines[0]).toMatchObject({ field: 'id', error: 'csv_card_exists' });
    expect([await cardCount(), await auditCount(db)]).toEqual([cards + 50, audits + 1]);
  });

  it('two imports of one file at once add its cards once', async () => {
    const cards = await cardCount();
    const file = csv(line('Raced A'), line('Raced B'));
    const answers = await Promise.all([
      owner.post('/admin/cards/import', { csv: file }),
      (await staffClient(t, 'owner')).post('/admin/cards/import', { csv: file }),
    ]);
    expect(answers.map((a) => a.body.state).sort()).toEqual([200, 400]);
    expect(await cardCount()).toBe(cards + 2);
  });

  it('the export reads back: change a line by its id and import it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/cards/export.csv?type=${TEST_CARD_TYPE}&q=Imported%201`,
      headers: { cookie: owner.cookieHeader() },
    });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const text = res.body.replace(/^\ufeff/, '');
    const [head, ...rows] = text.trim().split('\r\n');
    expect(head).toBe(`${HEADER},image_url`);
    // Imported 1 and Imported 10…19
    expect(rows).toHaveLength(11);
    const row = rows.find((r) => r.includes(',Imported 1,'))!;
    const changed = row.replace(',100,', ',150,').split(',').slice(0, 10).join(',');
    const done = await owner.post('/admin/cards/import', { csv: csv(changed) });
    expect(done.body).toMatchObject({ state: 200, created: 0, updated: 1 });
    const id = Number(row.split(',')[0]);
    expect((await owner.get(`/admin/cards/${id}`)).body.card).toMatchObject({ id, conversion_value: 150 });
  });
});

describe('cards found on the server', () => {
  it('by name in either language, model number, id, rarity and type; a page as large as asked', async () => {
    const find = async (query: string) => (await owner.get(`/admin/cards?${query}`)).body;
    const en = await find(`type=${TEST_CARD_TYPE}&q=imported%2042`);
    expect(en.list.map((c: { name_en: string }) => c.name_en)).toEqual(['Imported 42']);
    expect(en.total).toBe(1);
    expect((await find(`q=${encodeURIComponent('Imported 42（日本')}`)).total).toBe(1);
    expect((await find('q=csv-imported%203')).total).toBe(11);
    const one = (await find('q=Imported%205')).list.at(-1) as { id: number };
    expect((await find(`q=%23${one.id}`)).list[0].id).toBe(one.id);
    const rare = await find(`type=${TEST_CARD_TYPE}&q=Imported&rarity=7&per=3`);
    expect(rare.list).toHaveLength(3);
    expect(rare.total).toBe(7);
    expect(rare.all_page).toBe(3);
    expect(rare.list.every((c: { rarity: number }) => c.rarity === 7)).toBe(true);
    // wildcards are text
    expect((await find('q=%25')).total).toBe(0);
    expect((await find('q=_')).total).toBe(0);
    // bad parameters are ignored, never an error
    expect((await find('rarity=9&per=1000&page=x&q=')).state).toBe(200);
  });

  it('a card by its id; an unknown or malformed id is 404', async () => {
    const row = await db.selectFrom('cards').select(['id', 'name_en']).executeTakeFirstOrThrow();
    expect((await owner.get(`/admin/cards/${row.id}`)).body).toMatchObject({ state: 200, card: row });
    expect((await owner.get('/admin/cards/99999999')).body.state).toBe(404);
    expect((await owner.get('/admin/cards/abc')).body.state).toBe(404);
  });
});
