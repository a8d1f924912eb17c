import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { TEST_CARD_TYPE } from './draw-factories.ts';
import { staffClient } from './staff-factories.ts';

/**
 * The console's lists (contract admin-list.ts): search, filters, sort and paging on the server, the CSV of every
 * matching row in the same order, and an address with nonsense in it opening the default list rather than an
 * error. The test clock is 2026-11-20 03:00 UTC.
 */
const t = await createTestApp();
const db = t.db;
const now = t.clock.now().toISOString();
const day = (d: number) => new Date(Date.parse(now) + d * 86_400_000).toISOString();

await db
  .insertInto('card_types')
  .values({ id: TEST_CARD_TYPE, name_en: 'Test cards', name_ja: 'テストカード', sort: 99 })
  .onConflict((oc) => oc.column('id').doNothing())
  .execute();

/** One pack in each state, and 60 drafts to page through. */
const base = {
  card_type_id: TEST_CARD_TYPE,
  payment_method: 1,
  images: '[]',
  banner_image: '',
  created_at: now,
};
const states = {
  draft: { seed: null, start_at: day(1), end_at: null, total_pack_count: 10, sold_count: 0 },
  before: { seed: 'ab', start_at: day(1), end_at: null, total_pack_count: 10, sold_count: 0 },
  on_sale: { seed: 'ab', start_at: day(-1), end_at: day(5), total_pack_count: 10, sold_count: 3 },
  sold_out: { seed: 'ab', start_at: day(-2), end_at: day(-1), total_pack_count: 10, sold_count: 10 },
  ended: { seed: 'ab', start_at: day(-3), end_at: day(-1), total_pack_count: 10, sold_count: 4 },
} as const;
const ids: Record<string, number> = {};

/** A file download (not an API answer) as this client. */
const download = (c: { cookieHeader(): string }, path: string) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: { cookie: c.cookieHeader() } });
let price = 1000;
for (const [state, fields] of Object.entries(states)) {
  const row = await db
    .insertInto('packs')
    .values({
      ...base,
      ...fields,
      name_en: `Lister ${state.replace('_', ' ')} pack`,
      name_ja: `一覧${state}パック`,
      point: price--,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[state] = row.id;
}
await db
  .insertInto('packs')
  .values(
    Array.from({ length: 60 }, (_, i) => ({
      ...base,
      ...states.draft,
      name_en: `Filler ${String(i).padStart(2, '0')}`,
      name_ja: `埋め草${i}`,
      point: 10 + i,
    })),
  )
  .execute();

describe('the console lists packs on the server', () => {
  it('filters by each state as the sale phase decides it, and by card type', async () => {
    const viewer = await staffClient(t, 'viewer');
    for (const state of Object.keys(states)) {
      const r = await viewer.get(`/admin/packs?state=${state}&q=lister`);
      expect(r.body.state, state).toBe(200);
      expect(
        r.body.list.map((p: { id: number }) => p.id),
        state,
      ).toEqual([ids[state]]);
    }
    expect((await viewer.get(`/admin/packs?type=${TEST_CARD_TYPE}&q=lister`)).body.total).toBe(5);
    expect((await viewer.get('/admin/packs?type=999999&q=lister')).body.total).toBe(0);
  });

  it('searches a name in either language, any case, or #id; pages of 50 with the total', async () => {
    const viewer = await staffClient(t, 'viewer');
    const en = await viewer.get('/admin/packs?q=LISTER%20SOLD');
    expect(en.body.list.map((p: { id: number }) => p.id)).toEqual([ids.sold_out]);
    const ja = await viewer.get(`/admin/packs?q=${encodeURIComponent('一覧ended')}`);
    expect(ja.body.list.map((p: { id: number }) => p.id)).toEqual([ids.ended]);
    const byId = await viewer.get(`/admin/packs?q=%23${ids.before}`);
    expect(byId.body.list.map((p: { id: number }) => p.id)).toEqual([ids.before]);
    // a LIKE wildcard is a character like any other
    expect((await viewer.get('/admin/packs?q=%25')).body.total).toBe(0);

    const first = await viewer.get('/admin/packs?q=filler');
    expect(first.body).toMatchObject({ page: 1, all_page: 2, per_page: 50, total: 60 });
    expect(first.body.list).toHaveLength(50);
    const second = await viewer.get('/admin/packs?q=filler&page=2');
    expect(second.body.list).toHaveLength(10);
    const seen = new Set([...first.body.list, ...second.body.list].map((p: { id: number }) => p.id));
    expect(seen.size).toBe(60);
    // past the last page: the last page
    expect((await viewer.get('/admin/packs?q=filler&page=99')).body.page).toBe(2);
  });

  it('sorts by the asked column either way, newest first by default', async () => {
    const viewer = await staffClient(t, 'viewer');
    const idsOf = async (query: string) =>
      (await viewer.get(`/admin/packs?q=lister${query}`)).body.list.map((p: { id: number }) => p.id);
    const byIdDesc = [...Object.values(ids)].sort((a, b) => b - a);
    expect(await idsOf('')).toEqual(byIdDesc);
    // prices 1000 (draft) down to 996 (ended)
    expect(await idsOf('&sort=price')).toEqual([...Object.values(ids)].reverse());
    expect(await idsOf('&sort=price&dir=desc')).toEqual(Object.values(ids));
    const byName = await idsOf('&sort=name');
    expect(byName).toEqual(
      Object.entries(ids)
        .sort(([a], [b]) => a.replace('_', ' ').localeCompare(b.replace('_', ' ')))
        .map(([, id]) => id),
    );
    // ties (no lot sold) broken by id, the same way
    expect(await idsOf('&sort=sold&dir=desc')).toEqual([
      ids.sold_out,
      ids.ended,
      ids.on_sale,
      ids.before,
      ids.draft,
    ]);
  });

  it('opens the default list for nonsense in the address rather than refusing', async () => {
    const viewer = await staffClient(t, 'viewer');
    const plain = await viewer.get('/admin/packs?q=lister');
    for (const junk of [
      'sort=evil;drop table packs',
      'sort=name_en',
      'dir=sideways',
      'page=-1',
      'page=abc',
      'per=1000',
      'per=0',
      'state=everything',
      'type=abc',
    ]) {
      const r = await viewer.get(`/admin/packs?q=lister&${junk}`);
      expect(r.body.state, junk).toBe(200);
      expect(r.body.list, junk).toEqual(plain.body.list);
    }
    expect((await viewer.get('/admin/packs?q=filler&per=7')).body.list).toHaveLength(7);
  });

  it('exports every matching pack as CSV in the list order; staff only', async () => {
    const viewer = await staffClient(t, 'viewer');
    const res = await download(viewer, '/admin/packs/export.csv?q=lister&sort=price');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,name_en,name_ja,state,paused,card_type_id,currency,price,lots,sold,start_at,end_at',
    );
    expect(lines.slice(1).map((l: string) => Number(l.split(',')[0]))).toEqual(Object.values(ids).reverse());
    expect(lines.slice(1).map((l: string) => l.split(',')[3])).toEqual([
      'ended',
      'sold_out',
      'on_sale',
      'before',
      'draft',
    ]);
    const all = await download(viewer, '/admin/packs/export.csv');
    expect(all.body.trim().split('\r\n')).toHaveLength(1 + 65);

    const guest = t.client();
    expect((await guest.get('/admin/packs')).body.state).toBe(401);
    expect((await download(guest, '/admin/packs/export.csv')).json().state).toBe(401);
  });
});

describe('the console lists coupons on the server', async () => {
  const coupons = {
    active: { starts_at: day(-1), ends_at: day(5), max_uses: 10, used_count: 2, disabled_at: null },
    upcoming: { starts_at: day(1), ends_at: day(5), max_uses: null, used_count: 0, disabled_at: null },
    ended: { starts_at: day(-5), ends_at: day(-1), max_uses: null, used_count: 7, disabled_at: null },
    used_up: { starts_at: day(-1), ends_at: day(5), max_uses: 3, used_count: 3, disabled_at: null },
    disabled: { starts_at: day(-1), ends_at: day(5), max_uses: null, used_count: 1, disabled_at: now },
  } as const;
  const couponIds: Record<string, number> = {};
  for (const [status, fields] of Object.entries(coupons)) {
    const row = await db
      .insertInto('coupons')
      .values({
        ...fields,
        code: `LIST-${status.toUpperCase()}`,
        kind: status === 'upcoming' ? 'unlock' : 'gems',
        gems: 100,
        note: `listed ${status}`,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    couponIds[status] = row.id;
  }

  it('filters by status as members would meet it, and by kind; searches code, note and #id', async () => {
    const support = await staffClient(t, 'support');
    for (const status of Object.keys(coupons)) {
      const r = await support.get(`/admin/coupons?status=${status}&q=list-`);
      expect(
        r.body.list.map((c: { id: number }) => c.id),
        status,
      ).toEqual([couponIds[status]]);
    }
    expect((await support.get('/admin/coupons?kind=unlock&q=list-')).body.total).toBe(1);
    expect((await support.get('/admin/coupons?q=LISTED%20ENDED')).body.list[0].id).toBe(couponIds.ended);
    expect((await support.get(`/admin/coupons?q=%23${couponIds.used_up}`)).body.list[0].code).toBe(
      'LIST-USED_UP',
    );
  });

  it('sorts by uses, opens one coupon by its id, exports the list as CSV', async () => {
    const support = await staffClient(t, 'support');
    const byUses = await support.get('/admin/coupons?q=list-&sort=uses&dir=desc');
    expect(byUses.body.list.map((c: { used_count: number }) => c.used_count)).toEqual([7, 3, 2, 1, 0]);
    const one = await support.get(`/admin/coupons/${couponIds.active}`);
    expect(one.body.coupon).toMatchObject({ code: 'LIST-ACTIVE', used_count: 2, point_price_ids: [] });
    expect((await support.get('/admin/coupons/99999999')).body).toMatchObject({
      state: 404,
      code: 'coupon_not_found',
    });
    const csv = await download(support, '/admin/coupons/export.csv?q=list-&sort=code');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,code,kind,gems,courses,starts_at,ends_at,max_uses,used_count/);
    expect(lines.slice(1).map((l: string) => l.split(',')[1])).toEqual([
      'LIST-ACTIVE',
      'LIST-DISABLED',
      'LIST-ENDED',
      'LIST-UPCOMING',
      'LIST-USED_UP',
    ]);
    expect((await t.client().get('/admin/coupons')).body.state).toBe(401);
  });
});

describe('the console lists banners on the server', async () => {
  // slot 77: a banner without a window, replaced by a windowed one in the same slot
  const banners = {
    replaced: { kind: 'top', slot: 77, starts_at: null, ends_at: null, enabled: 1, sort: 3 },
    live: { kind: 'top', slot: 77, starts_at: day(-1), ends_at: day(3), enabled: 1, sort: 1 },
    off: { kind: 'top', slot: 78, starts_at: null, ends_at: null, enabled: 0, sort: 2 },
    upcoming: { kind: 'alert', slot: 0, starts_at: day(2), ends_at: null, enabled: 1, sort: 5 },
    ended: { kind: 'alert', slot: 0, starts_at: null, ends_at: day(-2), enabled: 1, sort: 4 },
  } as const;
  const bannerIds: Record<string, number> = {};
  for (const [status, fields] of Object.entries(banners)) {
    const row = await db
      .insertInto('banners')
      .values({
        ...fields,
        title_en: `Listed banner ${status}`,
        title_ja: `一覧バナー${status}`,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bannerIds[status] = row.id;
  }

  it('filters by status as the shop shows them (a windowed banner takes the slot), and by kind', async () => {
    const viewer = await staffClient(t, 'viewer');
    for (const status of Object.keys(banners)) {
      const r = await viewer.get(`/admin/banners?status=${status}&q=listed%20banner`);
      expect(
        r.body.list.map((b: { id: number }) => b.id),
        status,
      ).toEqual([bannerIds[status]]);
      expect(r.body.list[0].live, status).toBe(status === 'live');
    }
    const alerts = await viewer.get('/admin/banners?kind=alert&q=listed%20banner');
    expect(alerts.body.list.map((b: { id: number }) => b.id)).toEqual([bannerIds.ended, bannerIds.upcoming]);
  });

  it('is in the carousel order by default; opens one banner by its id', async () => {
    const viewer = await staffClient(t, 'viewer');
    const ordered = await viewer.get('/admin/banners?q=listed%20banner');
    expect(ordered.body.list.map((b: { sort: number }) => b.sort)).toEqual([1, 2, 3, 4, 5]);
    const one = await viewer.get(`/admin/banners/${bannerIds.live}`);
    expect(one.body.banner).toMatchObject({ id: bannerIds.live, live: true });
    expect((await viewer.get(`/admin/banners/${bannerIds.replaced}`)).body.banner.live).toBe(false);
    expect((await viewer.get('/admin/banners/99999999')).body.code).toBe('banner_not_found');
  });
});

describe('the console lists the exchange counter on the server', async () => {
  const [card] = await db
    .insertInto('cards')
    .values({
      card_type_id: TEST_CARD_TYPE,
      name_en: 'Listed Charizard',
      name_ja: '一覧リザードン',
      model_number: 'LC-1',
      rarity: 6,
      rarity_label: 'SR',
      image_url: '/x.svg',
    })
    .returning('id')
    .execute();
  const offers = {
    open: { visible_from: null, visible_until: null, stock: 5, sub_coin: 30, sort: 2 },
    upcoming: { visible_from: day(2), visible_until: null, stock: 0, sub_coin: 10, sort: 1 },
    ended: { visible_from: null, visible_until: day(-1), stock: 2, sub_coin: 20, sort: 3 },
  } as const;
  const offerIds: Record<string, number> = {};
  for (const [phase, fields] of Object.entries(offers)) {
    const row = await db
      .insertInto('exchange_cards')
      .values({ ...fields, card_id: card!.id, member_limit: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    offerIds[phase] = row.id;
  }

  it('filters by window and stock, searches the card in either language, sorts by price; as CSV', async () => {
    const viewer = await staffClient(t, 'viewer');
    for (const phase of Object.keys(offers)) {
      const r = await viewer.get(`/admin/exchange-cards?phase=${phase}&q=listed%20chari`);
      expect(
        r.body.list.map((o: { id: number }) => o.id),
        phase,
      ).toEqual([offerIds[phase]]);
    }
    const out = await viewer.get(`/admin/exchange-cards?stock=out&q=${encodeURIComponent('一覧リザ')}`);
    expect(out.body.list.map((o: { id: number }) => o.id)).toEqual([offerIds.upcoming]);
    const byCoins = await viewer.get('/admin/exchange-cards?q=listed%20chari&sort=coins&dir=desc');
    expect(byCoins.body.list.map((o: { sub_coin: number }) => o.sub_coin)).toEqual([30, 20, 10]);
    const byOrder = await viewer.get('/admin/exchange-cards?q=listed%20chari');
    expect(byOrder.body.list.map((o: { sort: number }) => o.sort)).toEqual([1, 2, 3]);
    expect(byOrder.body.list[0]).toMatchObject({ name_en: 'Listed Charizard', exchanged: 0 });
    const csv = await download(viewer, '/admin/exchange-cards/export.csv?q=listed%20chari&sort=stock');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,card_id,name_en,name_ja,rarity,coins,stock,exchanged/);
    expect(lines.slice(1).map((l: string) => Number(l.split(',')[6]))).toEqual([0, 2, 5]);
  });
});
