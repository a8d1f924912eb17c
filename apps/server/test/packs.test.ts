import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import type { NewPack } from '../src/db/schema.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { createPack } from '../src/modules/packs/service.ts';
import { updatePack } from '../src/modules/packs/staff.ts';
import { sanitizePackHtml } from '../src/modules/packs/sanitize.ts';
import { createTestApp, tableCounts } from './helpers.ts';

const HOUR = 3600 * 1000;

async function makeCard(
  db: Db,
  over: Partial<{
    card_type_id: number;
    name_en: string;
    name_ja: string;
    rarity: number;
    rarity_label: string;
  }> = {},
) {
  const row = await db
    .insertInto('cards')
    .values({
      card_type_id: 5,
      name_en: 'Test Card',
      name_ja: 'テストカード',
      model_number: 'TST-001',
      rarity: 3,
      rarity_label: 'R',
      image_url: '',
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('cards')
    .set({ image_url: `/media/cards/${row.id}.svg` })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

/** A pack of `type` with one prize row per entry of `prizes` (card id, quantity, last one?). */
async function makePack(
  db: Db,
  now: Date,
  over: Partial<NewPack> & { startsIn?: number; endsIn?: number | null },
  prizes: [number, number, boolean?][] = [],
) {
  const { startsIn = -HOUR, endsIn = 24 * HOUR, ...rest } = over;
  const row = await db
    .insertInto('packs')
    .values({
      card_type_id: 5,
      name_en: 'Test Pack',
      name_ja: 'テストパック',
      payment_method: 1,
      point: 500,
      total_pack_count: 100,
      images: '["/media/packs/0/1.svg"]',
      banner_image: '/media/packs/0/banner.svg',
      start_at: new Date(now.getTime() + startsIn).toISOString(),
      end_at: endsIn === null ? null : new Date(now.getTime() + endsIn).toISOString(),
      created_at: now.toISOString(),
      ...rest,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (prizes.length) {
    await db
      .insertInto('pack_prizes')
      .values(
        prizes.map(([card_id, quantity, last]) => ({
          pack_id: row.id,
          card_id,
          quantity,
          buy_point: 100,
          is_last_one: last ? 1 : 0,
        })),
      )
      .execute();
  }
  return row.id;
}

describe('packs', async () => {
  const t = await createTestApp();
  const now = t.clock.now();
  const db = t.db;

  // ONE PIECE (5): two upcoming, two on sale, one sold out, one ended
  const onSaleOld = await makePack(db, now, { name_en: 'On sale old', startsIn: -48 * HOUR });
  const upcomingSoon = await makePack(db, now, {
    name_en: 'Upcoming soon',
    name_ja: 'まもなく開始',
    startsIn: 3 * HOUR,
    endsIn: 72 * HOUR,
  });
  const soldOut = await makePack(db, now, { name_en: 'Sold out', startsIn: -24 * HOUR, sold_count: 100 });
  const ended = await makePack(db, now, {
    name_en: 'Ended',
    startsIn: -12 * HOUR,
    endsIn: -HOUR,
    sold_count: 40,
  });
  const onSaleNew = await makePack(db, now, {
    name_en: 'On sale new',
    name_ja: '販売中の新パック',
    startsIn: -HOUR,
    total_pack_count: 500,
    sold_count: 497,
    can_limit: 1,
    limit_count: 3,
    limit_message_en: 'Up to 3 plays per member.',
    limit_message_ja: 'お一人様3回まで。',
    detail_en: '<p>English detail</p>',
    detail_ja: '<p>日本語の説明</p>',
  });
  const upcomingLater = await makePack(db, now, {
    name_en: 'Upcoming later',
    startsIn: 48 * HOUR,
    endsIn: 96 * HOUR,
  });
  // a coin pack of another type
  const coinPack = await makePack(db, now, {
    card_type_id: 2,
    name_en: 'Coin pack',
    payment_method: 2,
    point: 10,
  });

  it('lists the card types in tab order, named in the member language, all on Top and two at the exchange counter', async () => {
    const en = await t.client().get('/user/card_type');
    expect(en.body.state).toBe(200);
    expect(en.body.list).toEqual([
      { id: 2, name: 'Pokémon', top_tab: true, exchange_tab: true },
      { id: 5, name: 'ONE PIECE', top_tab: true, exchange_tab: true },
      { id: 1, name: 'Yu-Gi-Oh!', top_tab: true, exchange_tab: false },
      { id: 999996, name: 'TCG MIX', top_tab: true, exchange_tab: false },
      { id: 9999, name: 'Hobby', top_tab: true, exchange_tab: false },
      { id: 999995, name: 'Others', top_tab: true, exchange_tab: false },
    ]);
    const ja = await t.client({ lang: 'ja' }).get('/user/card_type');
    expect(ja.body.list.map((c: { name: string }) => c.name)).toEqual([
      'ポケモン',
      'ワンピース',
      '遊戯王',
      'TCG MIX',
      'ホビー',
      'その他',
    ]);
  });

  it('orders a tab: upcoming first, then on sale, then sold out or ended, newest first', async () => {
    const res = await t.client().get('/user/pack/all_list/5/1');
    expect(res.body.state).toBe(200);
    expect(res.body.list.map((p: { id: number }) => p.id)).toEqual([
      upcomingLater,
      upcomingSoon,
      onSaleNew,
      onSaleOld,
      ended,
      soldOut,
    ]);
    expect(res.body).toMatchObject({
      page: 1,
      all_page: 1,
      pages: [1],
      card_type: { id: 5, name: 'ONE PIECE' },
    });
  });

  it('fills the pack fields: remaining count, states, JST dates, limit', async () => {
    const res = await t.client().get('/user/pack/all_list/5/1');
    const byId = new Map(res.body.list.map((p: { id: number }) => [p.id, p]));
    const soon = byId.get(upcomingSoon) as Record<string, unknown>;
    // the clock stands at 2026-11-20 03:00 UTC = 12:00 JST; the pack starts 3 hours later
    expect(soon).toMatchObject({
      name: 'Upcoming soon',
      is_before: true,
      is_end: false,
      is_sold_out: false,
      pack_count: 100,
      start_date: '2026-11-20 15:00:00',
      start_at: '2026-11-20T06:00:00.000Z',
      format_end_date: '26/11/23',
      can_limit: 0,
      limit_message: '',
      show_cardlist: '1',
      card_type: 5,
      payment_method: 1,
      image: ['/media/packs/0/1.svg'],
      banner: '/media/packs/0/banner.svg',
    });
    expect(byId.get(onSaleNew)).toMatchObject({
      is_before: false,
      total_pack_count: 500,
      pack_count: 3,
      can_limit: 1,
      limit_count: 3,
      limit_message: 'Up to 3 plays per member.',
    });
    expect(byId.get(soldOut)).toMatchObject({ pack_count: 0, is_sold_out: true, is_end: false });
    expect(byId.get(ended)).toMatchObject({ pack_count: 60, is_sold_out: false, is_end: true });
  });

  it('flips is_before when the sale starts, and the pack moves to the on-sale group', async () => {
    const c = t.client();
    const detail = async () => (await c.get(`/user/pack/detail/${upcomingSoon}`)).body.pack;
    expect((await detail()).is_before).toBe(true);
    t.clock.advance(3 * HOUR - 1000);
    expect((await detail()).is_before).toBe(true);
    t.clock.advance(1000);
    try {
      expect((await detail()).is_before).toBe(false);
      const list = (await c.get('/user/pack/all_list/5/1')).body.list.map((p: { id: number }) => p.id);
      expect(list.slice(0, 2)).toEqual([upcomingLater, upcomingSoon]);
      expect(list.indexOf(upcomingSoon)).toBe(1); // newest on-sale pack now, right after the upcoming one
      expect(list.indexOf(onSaleNew)).toBe(2);
    } finally {
      t.clock.current = now;
    }
  });

  it('answers in Japanese for a Japanese client', async () => {
    const c = t.client({ lang: 'ja' });
    const res = await c.get(`/user/pack/detail/${onSaleNew}`);
    expect(res.body.pack).toMatchObject({
      name: '販売中の新パック',
      limit_message: 'お一人様3回まで。',
      detail: '<p>日本語の説明</p>',
    });
    const list = await c.get('/user/pack/all_list/5/1');
    expect(list.body.list.find((p: { id: number }) => p.id === upcomingSoon).name).toBe('まもなく開始');
    expect(list.body.card_type.name).toBe('ワンピース');
    const en = await t.client().get(`/user/pack/detail/${onSaleNew}`);
    expect(en.body.pack.detail).toBe('<p>English detail</p>');
  });

  it('answers an unknown pack with state 404 and the pack message', async () => {
    for (const path of [
      '/user/pack/detail/999999',
      '/user/pack/detail/abc',
      '/user/pack/card_list/999999/1',
    ]) {
      const res = await t.client().get(path);
      expect(res.body.state).toBe(404);
      expect(res.httpStatus).toBe(404);
      expect(res.body.message).toBe('This pack does not exist.');
    }
    const ja = await t.client({ lang: 'ja' }).get('/user/pack/detail/999999');
    expect(ja.body.message).toBe('このパックは存在しません。');
    const type = await t.client().get('/user/pack/all_list/12345/1');
    expect(type.body.state).toBe(404);
  });

  it('pages a tab 20 at a time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(
        await makePack(db, now, { card_type_id: 9999, name_en: `Hobby ${i}`, startsIn: -(i + 1) * HOUR }),
      );
    }
    const c = t.client();
    const p1 = await c.get('/user/pack/all_list/9999/1');
    expect(p1.body.list).toHaveLength(20);
    expect(p1.body).toMatchObject({ page: 1, all_page: 2, pages: [1, 2] });
    expect(p1.body.list[0].id).toBe(ids[0]);
    const p2 = await c.get('/user/pack/all_list/9999/2');
    expect(p2.body.list.map((p: { id: number }) => p.id)).toEqual(ids.slice(20));
    const beyond = await c.get('/user/pack/all_list/9999/7');
    expect(beyond.body.page).toBe(2);
    const empty = await c.get('/user/pack/all_list/999995/1');
    expect(empty.body).toMatchObject({ list: [], page: 1, all_page: 1 });
  });

  it('lists all packs, or those of one payment method', async () => {
    const c = t.client();
    const all = await c.get('/user/pack/list');
    expect(all.body.state).toBe(200);
    const allIds = all.body.list.map((p: { id: number }) => p.id);
    expect(allIds).toContain(coinPack);
    expect(allIds).toContain(onSaleOld);
    const coin = await c.post('/user/pack/list', { payment_method: 2 });
    expect(coin.body.state).toBe(200);
    expect(coin.body.list.map((p: { id: number }) => p.id)).toEqual([coinPack]);
    expect(coin.body.list[0]).toMatchObject({ payment_method: 2, point: 10 });
    const gem = await c.post('/user/pack/list', { payment_method: '1' });
    expect(gem.body.list.every((p: { payment_method: number }) => p.payment_method === 1)).toBe(true);
    expect(gem.body.list.length).toBe(allIds.length - 1);
  });

  describe('POST /user/pack/list refuses bad input with state 400 and writes nothing', () => {
    const cases: [string, Record<string, string>, string][] = [
      ['an empty payload', { json: '{}' }, 'payment_method'],
      ['no json field', {}, 'json'],
      ['malformed json', { json: '{"payment_method":' }, 'json'],
      ['a json string', { json: '"2"' }, 'json'],
      ['an unknown method', { json: '{"payment_method": 3}' }, 'payment_method'],
      ['a boolean', { json: '{"payment_method": true}' }, 'payment_method'],
      ['a list', { json: '{"payment_method": [2]}' }, 'payment_method'],
      [
        'a 100 KB string',
        { json: JSON.stringify({ payment_method: '2'.repeat(100_000) }) },
        'payment_method',
      ],
      ['an unknown field', { json: '{"payment_method": 2, "card_type": 5}' }, 'card_type'],
    ];
    for (const [name, form, field] of cases) {
      it(name, async () => {
        const c = t.client();
        await c.get('/user/card_type');
        const before = await tableCounts(db);
        const res = await c.postForm('/user/pack/list', form);
        expect(res.body.state).toBe(400);
        expect(res.httpStatus).toBe(400);
        expect(Object.keys(res.body.errors)).toContain(field);
        expect(res.body.list).toBeUndefined();
        expect(await tableCounts(db)).toEqual(before);
      });
    }

    it('without the csrf pair: state 403', async () => {
      const c = t.client();
      await c.get('/user/card_type');
      const before = await tableCounts(db);
      const res = await c.postForm('/user/pack/list', { json: '{"payment_method":2}' }, false);
      expect(res.body.state).toBe(403);
      expect(res.body.list).toBeUndefined();
      expect(await tableCounts(db)).toEqual(before);
    });
  });

  it('pages the card list, the last-one prize first, then best rarity first', async () => {
    const cards: number[] = [];
    for (let i = 0; i < 24; i++) {
      cards.push(await makeCard(db, { name_en: `Card ${i}`, name_ja: `カード${i}`, rarity: (i % 7) + 1 }));
    }
    const prizes: [number, number, boolean?][] = cards.map((id) => [id, 4]);
    prizes.push([cards[0]!, 1, true]);
    const pack = await makePack(db, now, { total_pack_count: 96 }, prizes);
    const c = t.client();
    const p1 = await c.get(`/user/pack/card_list/${pack}/1`);
    expect(p1.body.state).toBe(200);
    expect(p1.body).toMatchObject({ page: 1, all_page: 2, pages: [1, 2] });
    expect(p1.body.list).toHaveLength(20);
    expect(p1.body.list[0]).toEqual({
      image_url: `/media/cards/${cards[0]}.svg`,
      name: 'Card 0',
      model_number: 'TST-001',
      rarity: 1,
      rarity_label: 'R',
      is_last_one: true,
    });
    const rarities = p1.body.list.slice(1).map((x: { rarity: number }) => x.rarity);
    expect(rarities).toEqual([...rarities].sort((a, b) => b - a));
    const p2 = await c.get(`/user/pack/card_list/${pack}/2`);
    expect(p2.body.list).toHaveLength(5);
    const ja = await t.client({ lang: 'ja' }).get(`/user/pack/card_list/${pack}/1`);
    expect(ja.body.list[0].name).toBe('カード0');

    await db.updateTable('packs').set({ show_cardlist: 0 }).where('id', '=', pack).execute();
    const hidden = await c.get(`/user/pack/card_list/${pack}/1`);
    expect(hidden.body).toMatchObject({ state: 200, list: [], all_page: 1 });
    expect((await c.get(`/user/pack/detail/${pack}`)).body.pack.show_cardlist).toBe('0');
  });

  it('shows the commitment and reveals the seed only once the pack is sold out or its sale has ended', async () => {
    const card = await makeCard(db);
    const seed = 'ab'.repeat(32);
    const commitment = 'cd'.repeat(32);
    const make = (over: Partial<NewPack> & { startsIn?: number; endsIn?: number | null }) =>
      makePack(db, now, { total_pack_count: 10, seed, commitment, ...over }, [[card, 10]]);
    const c = t.client();
    const detail = async (id: number) => (await c.get(`/user/pack/detail/${id}`)).body.pack;
    expect(await detail(await make({ startsIn: HOUR }))).toMatchObject({ commitment, seed: null });
    expect(await detail(await make({}))).toMatchObject({ commitment, seed: null });
    expect(await detail(await make({ sold_count: 9 }))).toMatchObject({ commitment, seed: null });
    expect(await detail(await make({ sold_count: 10 }))).toMatchObject({ commitment, seed });
    expect(await detail(await make({ endsIn: -HOUR }))).toMatchObject({ commitment, seed });
    expect(await detail(await make({ seed: null, commitment: null }))).toMatchObject({
      commitment: null,
      seed: null,
    });
  });

  describe('the description is sanitised when saved', () => {
    const dirty =
      '<p onclick="steal()">Hello <script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">click</a> <a href="https://example.com/rules" style="color:red">rules</a>' +
      '<iframe src="https://evil.example/"></iframe><div>kept text</div></p>';
    const clean =
      '<p>Hello <a>click</a> <a href="https://example.com/rules" target="_blank" ' +
      'rel="noopener noreferrer nofollow">rules</a></p>kept text<p></p>';
    const base = {
      card_type_id: 5,
      name_en: 'Sanitised pack',
      name_ja: '無害化パック',
      payment_method: 1,
      point: 100,
      total_pack_count: 10,
      images: '[]',
      banner_image: '',
      start_at: new Date(now.getTime() - HOUR).toISOString(),
      end_at: null,
      created_at: now.toISOString(),
    };
    const expectClean = (html: string) => {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img|style=/i);
      expect(html).not.toContain('alert');
    };

    it('on create: a <script>, an onerror attribute and a javascript: link are stored and served clean', async () => {
      const id = await createPack(db, {
        ...base,
        detail_en: dirty,
        detail_ja: `<h3 onmouseover="x()">見出し</h3>${dirty}`,
      });
      const row = await db
        .selectFrom('packs')
        .select(['detail_en', 'detail_ja'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.detail_en).toBe(clean);
      expect(row.detail_ja).toBe(`<h3>見出し</h3>${clean}`);
      expectClean(row.detail_ja);

      const en = await t.client().get(`/user/pack/detail/${id}`);
      expect(en.body.pack.detail).toBe(clean);
      const ja = await t.client({ lang: 'ja' }).get(`/user/pack/detail/${id}`);
      expect(ja.body.pack.detail).toBe(`<h3>見出し</h3>${clean}`);
    });

    it('on update: the new description is cleaned too, other columns are left alone', async () => {
      const id = await createPack(db, { ...base, detail_en: '<p>fine</p>' });
      await updatePack(commandWrite(db), id, {
        detail_en: `<strong>new</strong>${dirty}`,
        name_en: 'Renamed',
      });
      const res = await t.client().get(`/user/pack/detail/${id}`);
      expect(res.body.pack.name).toBe('Renamed');
      expect(res.body.pack.detail).toBe(`<strong>new</strong>${clean}`);
      expectClean(res.body.pack.detail);
      await expect(updatePack(commandWrite(db), 999_999, { detail_en: 'x' })).rejects.toThrow();
    });

    it('keeps the allow-list of the web sanitiser', () => {
      expect(sanitizePackHtml('<p>Hi <strong>there</strong><br></p><ul><li>one</li></ul>')).toBe(
        '<p>Hi <strong>there</strong><br /></p><ul><li>one</li></ul>',
      );
      expect(sanitizePackHtml('<a href="/rel">y</a><a href="//evil.example/">z</a>')).toBe(
        '<a>y</a><a>z</a>',
      );
      expect(sanitizePackHtml('<span style="x">s</span><em>e</em><svg><script>1</script>t</svg>')).toBe(
        '<span>s</span><em>e</em>',
      );
      expect(sanitizePackHtml('<table><tr><td>cell</td></tr></table><!-- c --><h4>T</h4>')).toBe(
        'cell<h4>T</h4>',
      );
    });
  });

  describe('generated artwork', () => {
    it('serves a card face as SVG with cache headers and an ETag', async () => {
      const id = await makeCard(db, { name_en: 'Art Card', rarity: 6, rarity_label: 'SAR' });
      const res = await t.app.inject({ method: 'GET', url: `/media/cards/${id}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(res.body).toContain('Art Card');
      expect(res.body).toContain('SAR');
      const again = await t.app.inject({
        method: 'GET',
        url: `/media/cards/${id}.svg`,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('escapes every text it draws', async () => {
      const nasty = `<script>alert("x")</script> & 'quotes'`;
      const id = await makeCard(db, { name_en: nasty, name_ja: '<b>危険</b>', rarity_label: '<R>' });
      const res = await t.app.inject({ method: 'GET', url: `/media/cards/${id}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('<b>');
      expect(res.body).not.toContain('<R>');
      expect(res.body).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos;',
      );
      const pack = await makePack(db, now, { name_en: nasty, name_ja: '<i>x</i>' }, [[id, 100]]);
      for (const file of ['banner', '1', '2']) {
        const p = await t.app.inject({ method: 'GET', url: `/media/packs/${pack}/${file}.svg` });
        expect(p.statusCode).toBe(200);
        expect(p.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expect(p.body).not.toContain('<script');
        expect(p.body).not.toContain('<i>');
      }
    });

    /** GET `url` until its picture has been rendered (the first answers are the drawing itself, kept by nobody). */
    async function rendered(url: string) {
      for (let i = 0; i < 200; i++) {
        const res = await t.app.inject({ method: 'GET', url });
        if (res.headers['content-type'] === 'image/webp') return res;
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('image/svg+xml; charset=utf-8');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.headers.etag, url).toBeUndefined();
        expect(res.body.startsWith('<svg'), url).toBe(true);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${url} was never rendered`);
    }

    it('serves the same drawings as WebP at the contract widths, drawn at that width, with their own ETag', async () => {
      const id = await makeCard(db, { name_en: 'Raster Card', rarity: 6, rarity_label: 'SAR' });
      const pack = await makePack(db, now, { name_en: 'Raster Pack' }, [[id, 10]]);
      for (const [url, width] of [
        [`/media/cards/${id}.webp?w=320`, 320],
        [`/media/packs/${pack}/banner.webp?w=960`, 960],
        [`/media/packs/${pack}/1.webp?w=640`, 640],
        [`/media/packs/${pack}/2.webp`, 640], // the default width
      ] as const) {
        const res = await rendered(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format, url).toBe('webp');
        expect(meta.width, url).toBe(width);
        const again = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': String(res.headers.etag) },
        });
        expect(again.statusCode, url).toBe(304);
      }
      // a width of its own: another ETag than the SVG's and the other widths'
      const svg = await t.app.inject({ method: 'GET', url: `/media/cards/${id}.svg` });
      const small = await rendered(`/media/cards/${id}.webp?w=320`);
      const large = await rendered(`/media/cards/${id}.webp?w=1280`);
      expect(new Set([svg.headers.etag, small.headers.etag, large.headers.etag]).size).toBe(3);
      // the row changes, the picture follows
      await db.updateTable('cards').set({ name_en: 'Renamed Card' }).where('id', '=', id).execute();
      const renamed = await rendered(`/media/cards/${id}.webp?w=320`);
      expect(renamed.headers.etag).not.toBe(small.headers.etag);
    });

    it('draws in turn and never keeps anyone waiting: forty pictures asked at once are answered at once', async () => {
      const cards = await Promise.all(
        Array.from({ length: 10 }, (_, i) => makeCard(db, { name_en: `Busy Card ${i}`, rarity: 1 })),
      );
      const urls = cards.flatMap((id) => [320, 640, 960, 1280].map((w) => `/media/cards/${id}.webp?w=${w}`));
      const started = Date.now();
      const answers = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
      // every answer is the drawing (none rendered yet), none waited for a rendering
      for (const a of answers) {
        expect(a.statusCode).toBe(200);
        expect(a.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expect(a.headers['cache-control']).toBe('no-store');
      }
      expect(Date.now() - started).toBeLessThan(3000);
      // asked again (some past the queue started nothing the first time), each is rendered
      for (const url of urls) expect((await rendered(url)).headers['content-type']).toBe('image/webp');
    });

    it('answers 404 for unknown or malformed art paths', async () => {
      for (const url of [
        '/media/cards/999999.svg',
        '/media/cards/999999.webp?w=320',
        `/media/cards/1.webp?w=321`,
        `/media/cards/1.webp?w=0`,
        `/media/cards/1.webp?w=320&w=640`,
        `/media/cards/1.webp?w=1e9`,
        `/media/packs/${onSaleOld}/banner.webp?w=-320`,
        '/media/cards/abc.svg',
        '/media/cards/1.png',
        `/media/packs/${onSaleOld}/3.svg`,
        `/media/packs/${onSaleOld}/0.svg`,
        `/media/packs/${onSaleOld}/x.svg`,
        '/media/packs/999999/banner.svg',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    });
  });
});
