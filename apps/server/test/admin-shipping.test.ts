import { describe, expect, it } from 'vitest';
import type { CustomsCategory } from '../src/db/schema.ts';
import {
  createInterleavingTestApp,
  createPack,
  expectBadInputRefused,
  memberClient,
} from './draw-factories.ts';
import { onPostgres, type TestClient } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * The console's shipping: batches by age (the terms' 14 days) with their items' customs
 * declared values (spec §9 by the card's customs category), the packing list and customs sheet, shipping with a
 * carrier and tracking code one at a time (the member is emailed and sees the code) or from a CSV file, all or
 * nothing with every line reported. On SQLite the database yields after every query, so the race interleaves;
 * the same file runs on PostgreSQL (DATABASE_URL).
 */
const t = await createInterleavingTestApp({ rateLimits: false });
const db = t.db;
const DAY = 24 * 3600_000;

/** A pack of one card of `category` worth `value` gems, 10 gems a play. */
async function cardPack(category: CustomsCategory, value: number) {
  const p = await createPack(db, { point: 10, prizes: [{ quantity: 1000, buy_point: value }] });
  await db.updateTable('cards').set({ customs_category: category }).where('id', '=', p.cardIds[0]!).execute();
  return p.packId;
}
const cards = await cardPack('cards', 40); // declared at the floor: 100
const psa = await cardPack('psa', 5000); // at the ceiling: 1,500
const other = await cardPack('other', 3000); // no ceiling: 3,000
const manga = await cardPack('manga', 60); // within the range: 60

/** A member with one open batch of the given packs' items (one play each). */
async function batchOf(packs: number[], lang: 'en' | 'ja' = 'en') {
  const m = await memberClient(t, { gems: 10_000, lang });
  const ids: number[] = [];
  for (const packId of packs) {
    const r = await m.client.post('/user/pack/buy', { packId, count: '1' });
    expect(r.body.state, JSON.stringify(r.body)).toBe(200);
    ids.push(...r.body.cards.map((c: { history_id: number }) => c.history_id));
  }
  expect((await m.client.post('/user/pack/decision', { send_card: ids })).body.state).toBe(200);
  const s = await db
    .selectFrom('shipments')
    .select('id')
    .where('user_id', '=', m.userId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return { ...m, shipmentId: s.id, ids };
}

/** What shipping writes, to show a refused import wrote nothing. */
async function shippingState() {
  return {
    shipments: await db
      .selectFrom('shipments')
      .select(['id', 'status', 'delivery_code', 'carrier'])
      .orderBy('id')
      .execute(),
    items: await db.selectFrom('won_items').select(['id', 'status']).orderBy('id').execute(),
    audit: await auditCount(db),
    mails: (await db.selectFrom('outbox_messages').select('id').execute()).length,
  };
}

/** The member's shipping email (sent after the answer, so waited for). */
async function shippingMail(userId: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'shipment_shipped')
      .execute();
    if (rows.length) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}

const csvImport = (c: TestClient, csv: string, dryRun?: boolean) =>
  c.post('/admin/shipments/tracking-import', dryRun === undefined ? { csv } : { csv, dry_run: dryRun });

describe(`the console's shipping (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('lists open batches with their age, due date and the customs declared value of each item', async () => {
    const saved = t.clock.current;
    let b: Awaited<ReturnType<typeof batchOf>>;
    try {
      b = await batchOf([cards, psa, other, manga]);
      t.clock.advance(15 * DAY + 3600_000);
      const staff = await staffClient(t, 'viewer');
      const list = await staff.get(`/admin/shipments?user_id=${b.userId}`);
      expect(list.body).toMatchObject({ state: 200, total: 1, page: 1, all_page: 1 });
      const batch = list.body.list[0];
      // the recipient's country by name in both languages (the member factory's address is in the US)
      expect(batch.address).toMatchObject({ country_en: expect.any(String), country_ja: expect.any(String) });
      expect(batch).toMatchObject({
        id: b.shipmentId,
        status: 'open',
        carrier: null,
        age_days: 15,
        overdue: true,
        item_count: 4,
        declared_total_yen: 100 + 1500 + 3000 + 60,
      });
      expect(Date.parse(batch.due_at) - Date.parse(batch.created_at)).toBe(14 * DAY);
      expect(
        batch.items.map((i: Record<string, unknown>) => [
          i.customs_category,
          i.value_yen,
          i.declared_value_yen,
        ]),
      ).toEqual([
        ['cards', 40, 100],
        ['psa', 5000, 1500],
        ['other', 3000, 3000],
        ['manga', 60, 60],
      ]);
      const has = async (q: string) =>
        (await staff.get(`/admin/shipments?user_id=${b.userId}&${q}`)).body.list.length;
      expect(await has('min_age_days=14')).toBe(1);
      expect(await has('min_age_days=16')).toBe(0);
      expect(await has('max_age_days=15')).toBe(1);
      expect(await has('max_age_days=14')).toBe(0);
      expect(await has('min_age_days=abc')).toBe(1); // unreadable: ignored
      // the age filter's names, the list's search (#id, the member's email, a word not there), status
      expect(await has('age=overdue')).toBe(1);
      expect(await has('age=soon')).toBe(0);
      expect(await has('age=eventually')).toBe(1);
      expect(await has(`q=%23${b.shipmentId}`)).toBe(1);
      const member = await db
        .selectFrom('users')
        .select('mail')
        .where('id', '=', b.userId)
        .executeTakeFirstOrThrow();
      expect(await has(`q=${encodeURIComponent(member.mail.toUpperCase())}`)).toBe(1);
      expect(await has('q=no-such-member-anywhere')).toBe(0);
      expect(await has('status=shipped')).toBe(0);
      expect(await has('status=all&sort=item_count&dir=desc')).toBe(1);
      // every open batch that waited 14 days or more, oldest first
      const due = await staff.get('/admin/shipments?min_age_days=14');
      expect(due.body.list.map((s: { id: number }) => s.id)).toContain(b.shipmentId);
      expect(due.body.list.every((s: { age_days: number }) => s.age_days >= 14)).toBe(true);
    } finally {
      t.clock.current = saved;
    }
    // a fresh batch is not overdue
    const fresh = await batchOf([cards]);
    const staff = await staffClient(t, 'support');
    const row = (await staff.get(`/admin/shipments?user_id=${fresh.userId}`)).body.list[0];
    expect(row).toMatchObject({ age_days: 0, overdue: false, declared_total_yen: 100 });
  });

  it('the packing list and customs sheet: sender, recipient, every item, one customs line per category', async () => {
    const b1 = await batchOf([cards, cards, psa]);
    const b2 = await batchOf([manga]);
    const viewer = await staffClient(t, 'viewer');
    const res = await viewer.get(`/admin/shipments/packing-list?ids=${b2.shipmentId},${b1.shipmentId}`);
    expect(res.body).toMatchObject({
      state: 200,
      sender: {
        name: t.config.seller.name,
        address: t.config.seller.address,
        email: t.config.seller.email,
        country_code: 'JP',
      },
      origin_country: 'JP',
      currency: 'JPY',
      nature: 'merchandise',
      rules_from: '2025-04-04',
    });
    expect(res.body.sheets.map((s: { shipment: { id: number } }) => s.shipment.id)).toEqual([
      b2.shipmentId,
      b1.shipmentId,
    ]);
    const sheet = res.body.sheets[1];
    expect(sheet.recipient).toMatchObject({
      country_id: 840,
      country: 'United States',
      country_code: 'US',
      city: 'San Francisco',
      zipcode: '94105',
    });
    expect(sheet.items).toHaveLength(3);
    expect(sheet.customs).toEqual([
      { customs_category: 'cards', description: 'Trading card', quantity: 2, declared_value_yen: 200 },
      {
        customs_category: 'psa',
        description: 'Graded trading card (PSA)',
        quantity: 1,
        declared_value_yen: 1500,
      },
    ]);
    expect(sheet.declared_total_yen).toBe(1700);
    expect((await viewer.get(`/admin/shipments/packing-list?ids=${b1.shipmentId},99999999`)).body.state).toBe(
      404,
    );
    expect((await viewer.get('/admin/shipments/packing-list?ids=1;2')).body.state).toBe(400);
    expect((await viewer.get('/admin/shipments/packing-list')).body.state).toBe(400);
  });

  it('ships one batch with carrier and tracking code: audited, the member emailed and shown the code', async () => {
    const b = await batchOf([cards, manga], 'ja');
    const support = await staffClient(t, 'support');
    const res = await support.post(`/admin/shipments/${b.shipmentId}/ship`, {
      delivery_code: 'EJ123456789JP',
      carrier: 'japan_post',
    });
    expect(res.body).toMatchObject({
      state: 200,
      result: '1',
      shipment: { id: b.shipmentId, items: 2, delivery_code: 'EJ123456789JP', carrier: 'japan_post' },
    });
    const [mail] = await shippingMail(b.userId);
    expect(mail).toMatchObject({ subject: '【ガチャジェム】アイテムを発送しました' });
    expect(mail!.body).toContain('EJ123456789JP');
    expect(mail!.body).toContain('日本郵便');
    const history = await b.client.post('/user/history/list/1', { mode: 'shipped' });
    const purchase = history.body.list[0].id;
    const detail = await b.client.get(`/user/history/detail/${purchase}`);
    expect(detail.body.delivery_code).toBe('EJ123456789JP');
    const owner = await staffClient(t, 'owner');
    const log = await owner.get(`/admin/audit?target_type=shipment&target_id=${b.shipmentId}`);
    expect(log.body.list[0]).toMatchObject({
      action: 'shipment.ship',
      after: { status: 'shipped', delivery_code: 'EJ123456789JP', carrier: 'japan_post', items: 2 },
    });
    const shipped = await owner.get(`/admin/shipments?status=shipped&user_id=${b.userId}`);
    expect(shipped.body.list[0]).toMatchObject({ carrier: 'japan_post', overdue: false, age_days: 0 });
    expect(
      (await support.post(`/admin/shipments/${b.shipmentId}/ship`, { delivery_code: 'X', carrier: 'pigeon' }))
        .body.state,
    ).toBe(400);

    // a typo on the label: the code corrected (the carrier kept), one audit row, the member shown the new code
    const before = (await owner.get(`/admin/audit?target_type=shipment&target_id=${b.shipmentId}`)).body.list
      .length;
    const fix = () =>
      support.post(`/admin/shipments/${b.shipmentId}/tracking`, { delivery_code: 'EJ123456780JP' });
    expect((await fix()).body).toMatchObject({ state: 200, id: b.shipmentId });
    expect((await fix()).body.state).toBe(200);
    const fixed = (await owner.get(`/admin/audit?target_type=shipment&target_id=${b.shipmentId}`)).body.list;
    expect(fixed).toHaveLength(before + 1);
    expect(fixed[0]).toMatchObject({
      action: 'shipment.tracking',
      before: { delivery_code: 'EJ123456789JP', carrier: 'japan_post' },
      after: { delivery_code: 'EJ123456780JP', carrier: 'japan_post' },
    });
    expect((await b.client.get(`/user/history/detail/${purchase}`)).body.delivery_code).toBe('EJ123456780JP');
    // bad codes and carriers, an unknown batch, a batch not shipped, a viewer: refused, nothing written
    for (const body of [
      { delivery_code: '' },
      { delivery_code: '追跡' },
      { delivery_code: 'A1', carrier: 'pigeon' },
      {},
    ])
      expect(
        (await support.post(`/admin/shipments/${b.shipmentId}/tracking`, body)).body.state,
        JSON.stringify(body),
      ).toBe(400);
    expect(
      (await support.post('/admin/shipments/99999999/tracking', { delivery_code: 'A1' })).body.state,
    ).toBe(404);
    const open = await batchOf([cards]);
    expect(
      (await support.post(`/admin/shipments/${open.shipmentId}/tracking`, { delivery_code: 'A1' })).body
        .state,
    ).toBe(409);
    const viewer = await staffClient(t, 'viewer');
    expect(
      (await viewer.post(`/admin/shipments/${b.shipmentId}/tracking`, { delivery_code: 'A1' })).body.state,
    ).toBe(403);
    expect(
      (await owner.get(`/admin/audit?target_type=shipment&target_id=${b.shipmentId}`)).body.list,
    ).toHaveLength(before + 1);
  });
});

describe(`the CSV of tracking codes (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('applies a whole file (header, BOM, CRLF, quotes, any-case carriers): each batch audited and emailed', async () => {
    const [a, b, c] = [await batchOf([cards]), await batchOf([psa]), await batchOf([other, manga])];
    const support = await staffClient(t, 'support');
    const csv =
      '\ufeffshipment_id,carrier,tracking_code\r\n' +
      `${a.shipmentId},DHL,"JD014600003828"\r\n` +
      `\r\n` +
      `"${b.shipmentId}", ems ,EJ111111111JP\r\n` +
      `${c.shipmentId},Yamato Transport,"4455-6677-8899"\r\n`;
    const audits = await auditCount(db);
    const dry = await csvImport(support, csv, true);
    expect(dry.body).toMatchObject({ state: 200, applied: false, shipped: 0 });
    expect(await auditCount(db)).toBe(audits);
    const res = await csvImport(support, csv);
    expect(res.body).toMatchObject({ state: 200, applied: true, shipped: 3 });
    expect(res.body.lines).toEqual([
      {
        line: 2,
        shipment_id: a.shipmentId,
        carrier: 'dhl',
        tracking_code: 'JD014600003828',
        error: null,
        message: null,
      },
      {
        line: 4,
        shipment_id: b.shipmentId,
        carrier: 'japan_post',
        tracking_code: 'EJ111111111JP',
        error: null,
        message: null,
      },
      {
        line: 5,
        shipment_id: c.shipmentId,
        carrier: 'yamato',
        tracking_code: '4455-6677-8899',
        error: null,
        message: null,
      },
    ]);
    const rows = await db
      .selectFrom('shipments')
      .select(['id', 'status', 'carrier', 'delivery_code'])
      .where('id', 'in', [a.shipmentId, b.shipmentId, c.shipmentId])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.carrier, r.delivery_code])).toEqual([
      ['shipped', 'dhl', 'JD014600003828'],
      ['shipped', 'japan_post', 'EJ111111111JP'],
      ['shipped', 'yamato', '4455-6677-8899'],
    ]);
    expect(await auditCount(db)).toBe(audits + 3);
    for (const m of [a, b, c]) expect(await shippingMail(m.userId)).toHaveLength(1);
    expect((await shippingMail(c.userId))[0]!.body).toContain('4455-6677-8899');
  });

  it('one bad line and nothing is shipped: every line reported (unknown, shipped, twice, carrier, code, columns)', async () => {
    const [a, b, done] = [await batchOf([cards]), await batchOf([psa]), await batchOf([manga])];
    const support = await staffClient(t, 'support');
    await support.post(`/admin/shipments/${done.shipmentId}/ship`, { delivery_code: 'OLD-1' });
    await shippingMail(done.userId);
    const csv = [
      `${a.shipmentId},dhl,A-1`, // 1 fine
      `99999999,dhl,A-2`, // 2 unknown batch
      `${done.shipmentId},dhl,A-3`, // 3 shipped already
      `${a.shipmentId},ups,A-4`, // 4 the same batch again
      `${b.shipmentId},fedex,A-1`, // 5 the same tracking code again
      `${b.shipmentId},pigeon,B-1`, // 6 unknown carrier
      `${b.shipmentId},dhl,コード`, // 7 not a tracking code
      `${b.shipmentId},dhl`, // 8 two columns
      `x${b.shipmentId},dhl,B-2`, // 9 not an id
    ].join('\n');
    const before = await shippingState();
    const res = await csvImport(support, csv);
    expect(res.body).toMatchObject({
      state: 400,
      errors: {
        csv: ['Nothing was marked shipped: correct the lines with an error and upload the file again.'],
      },
      applied: false,
      shipped: 0,
    });
    expect(res.body.lines.map((l: { line: number; error: string | null }) => [l.line, l.error])).toEqual([
      [1, null],
      [2, 'shipment_not_found'],
      [3, 'shipment_already_shipped'],
      [4, 'csv_duplicate_shipment'],
      [5, 'csv_duplicate_code'],
      [6, 'carrier_unknown'],
      [7, 'tracking_code_invalid'],
      [8, 'csv_columns'],
      [9, 'csv_shipment_id'],
    ]);
    expect(res.body.lines[3].message).toBe('This shipment is also on line 1.');
    expect(res.body.lines[5].message).toMatch(/^Unknown carrier \(use one of: japan_post, yamato/);
    // nor with a dry run
    expect((await csvImport(support, csv, true)).body.state).toBe(400);
    expect(await shippingState()).toEqual(before);
  });

  it('a bad file is refused as a whole: unreadable, empty, too many lines, too large, not a viewer’s', async () => {
    const support = await staffClient(t, 'support');
    const before = await shippingState();
    const unreadable = await csvImport(support, '1,dhl,A\n2,"dhl,B\n3,dhl,C\n');
    expect(unreadable.body).toMatchObject({ state: 400, errors: { csv: [expect.stringMatching(/CSV/)] } });
    expect(unreadable.body.lines).toMatchObject([{ error: 'csv_unreadable' }]);
    const binary = await csvImport(support, '\u0001\u0002PNG');
    expect(binary.body.state).toBe(400);
    for (const empty of ['', '\n\n', 'shipment_id,carrier,tracking_code\n'])
      expect((await csvImport(support, empty)).body.errors.csv).toEqual(['The file has no lines to import.']);
    const long = Array.from({ length: 2001 }, (_, i) => `${i + 1},dhl,C${i}`).join('\n');
    expect((await csvImport(support, long)).body.errors.csv).toEqual(['At most 2000 lines per file.']);
    expect((await csvImport(support, 'x'.repeat(1_000_001))).body.state).toBe(400);
    const viewer = await staffClient(t, 'viewer');
    expect((await csvImport(viewer, '1,dhl,A')).body.state).toBe(403);
    expect(await shippingState()).toEqual(before);
    await expectBadInputRefused(
      db,
      support,
      '/admin/shipments/tracking-import',
      { csv: '1,dhl,A' },
      { csv: 5 },
    );
  });

  it('a clerk shipping one of its batches meanwhile: the file applies whole or not at all', async () => {
    for (let round = 0; round < 4; round++) {
      const batches = [await batchOf([cards]), await batchOf([cards]), await batchOf([cards])];
      const csv = batches.map((b, i) => `${b.shipmentId},dhl,R${round}-${i}`).join('\n');
      const [importer, clerk] = [await staffClient(t, 'support'), await staffClient(t, 'operator')];
      const [imported, single] = await Promise.all([
        csvImport(importer, csv),
        clerk.post(`/admin/shipments/${batches[1]!.shipmentId}/ship`, { delivery_code: `SOLO-${round}` }),
      ]);
      const rows = await db
        .selectFrom('shipments')
        .select(['id', 'status', 'delivery_code'])
        .where(
          'id',
          'in',
          batches.map((b) => b.shipmentId),
        )
        .orderBy('id')
        .execute();
      if (imported.body.state === 200) {
        expect(single.body.state).toBe(409);
        expect(rows.map((r) => r.delivery_code)).toEqual([`R${round}-0`, `R${round}-1`, `R${round}-2`]);
      } else {
        expect(single.body.state, `round ${round}`).toBe(200);
        expect(imported.body.state).toBe(400);
        expect(imported.body.lines[1].error).toBe('shipment_already_shipped');
        expect(rows.map((r) => [r.status, r.delivery_code])).toEqual([
          ['open', null],
          ['shipped', `SOLO-${round}`],
          ['open', null],
        ]);
      }
    }
  });
});
