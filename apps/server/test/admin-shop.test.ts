import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import * as migration023 from '../src/db/migrations/023-shop-words-to-demo.ts';
import { addDemoShopWords } from '../src/demo/shop-words.ts';
import { BANNER_CACHE_MS, forgetBanners } from '../src/modules/site/banners.ts';
import { createPack, memberClient, TEST_CARD_TYPE } from './draw-factories.ts';
import { createTestApp, TestClient, type ApiAnswer, type TestApp } from './helpers.ts';
import { auditCount as countAuditRows, staffClient } from './staff-factories.ts';

/**
 * The rest of the catalogue from the console: card types, banners, gem price courses and
 * campaigns, the FX rate, exchange cards, coupons, pack pictures and videos, the board's moderation. Every write
 * leaves exactly one audit row with before and after, a refused one none; the members' side reads each live.
 */
const dir = mkdtempSync(join(tmpdir(), 'gacha-shop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const t = await createTestApp({ storage: { kind: 'local', dir } });
const db = t.db;
// an empty shop first, then the demo's words (the banner tests below read them)
const emptyBanners = (await t.client().get('/user/banners')).body;
const emptyCampaigns = await db.selectFrom('gem_campaigns').selectAll().execute();
await db.transaction().execute((tx) => addDemoShopWords(tx, t.clock.now()));
forgetBanners(db);
await db
  .insertInto('card_types')
  .values({ id: TEST_CARD_TYPE, name_en: 'Test cards', name_ja: 'テストカード', sort: 99 })
  .onConflict((oc) => oc.column('id').doNothing())
  .execute();
const owner = await staffClient(t, 'owner');

const dataUrl = (buf: Buffer, type = 'image/png') => `data:${type};base64,${buf.toString('base64')}`;
const png = (w = 1200, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#884499' } })
    .png()
    .toBuffer();
const storedFiles = () => {
  try {
    return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length;
  } catch {
    return 0;
  }
};
const auditRows = (action: string) =>
  db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const auditCount = () => countAuditRows(db);

/** Runs a write and checks it left exactly `n` audit rows of `action` (n = 0: a refused write). */
async function expectAudited(action: string, n: number, write: () => Promise<ApiAnswer>) {
  const before = await auditCount();
  const mine = (await auditRows(action)).length;
  const res = await write();
  expect(await auditCount(), `${action}: audit rows`).toBe(before + n);
  const rows = await auditRows(action);
  expect(rows.length - mine).toBe(n);
  if (n) expect(rows.at(-1)!.after_json ?? rows.at(-1)!.before_json).not.toBeNull();
  return res;
}

describe('card types', () => {
  it('are created with their tab number, renamed, and a taken number is refused', async () => {
    const made = await expectAudited('card_type.create', 1, () =>
      owner.post('/admin/card-types', { id: 4242, name_en: 'Lorcana', name_ja: 'ロルカナ', sort: 7 }),
    );
    expect(made.body).toMatchObject({ state: 200, id: 4242 });
    const taken = await expectAudited('card_type.create', 0, () =>
      owner.post('/admin/card-types', { id: 4242, name_en: 'X', name_ja: 'X', sort: 1 }),
    );
    expect(taken.body).toMatchObject({ state: 400, errors: { id: [expect.any(String)] } });
    await expectAudited('card_type.update', 1, () =>
      owner.post('/admin/card-types/4242', { name_en: 'Disney Lorcana' }),
    );
    const [row] = (await auditRows('card_type.update')).slice(-1);
    expect(JSON.parse(row!.before_json!)).toMatchObject({ name_en: 'Lorcana' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ name_en: 'Disney Lorcana' });
    const tabs = await t.client().get('/user/card_type');
    expect(JSON.stringify(tabs.body)).toContain('Disney Lorcana');
    expect((await owner.post('/admin/card-types/999999', { name_en: 'x' })).body.state).toBe(404);
  });

  it('are the shop tabs: a new type is a Top tab at once, staff hide it or put it at the exchange counter', async () => {
    const tab = async (lang?: 'ja') =>
      (
        (await t.client(lang ? { lang } : {}).get('/user/card_type')).body.list as {
          id: number;
          name: string;
          top_tab: boolean;
          exchange_tab: boolean;
        }[]
      ).find((x) => x.id === 4343);
    await owner.post('/admin/card-types', { id: 4343, name_en: 'Digimon', name_ja: 'デジモン', sort: 3 });
    expect(await tab()).toEqual({ id: 4343, name: 'Digimon', top_tab: true, exchange_tab: false });
    expect((await tab('ja'))?.name).toBe('デジモン');
    await expectAudited('card_type.update', 1, () =>
      owner.post('/admin/card-types/4343', { top_tab: 0, exchange_tab: 1 }),
    );
    expect(await tab()).toMatchObject({ top_tab: false, exchange_tab: true });
    // the list is in tab order: by sort, then id (Yu-Gi-Oh! also has sort 3 and a lower id)
    const ids = (await t.client().get('/user/card_type')).body.list.map((x: { id: number }) => x.id);
    expect(ids.indexOf(4343)).toBe(ids.indexOf(1) + 1);
    for (const bad of [2, -1, 'yes', true, null]) {
      const refused = await expectAudited('card_type.update', 0, () =>
        owner.post('/admin/card-types/4343', { top_tab: bad }),
      );
      expect(refused.body).toMatchObject({ state: 400, errors: { top_tab: [expect.any(String)] } });
    }
  });
});

describe('banners', () => {
  it('an empty shop shows no banner, notice or campaign: those are the demo data', () => {
    expect(emptyBanners).toMatchObject({ state: 200, top: [], alerts: [] });
    expect(emptyCampaigns).toEqual([]);
  });

  it('a shop migrated before loses the words migration 013 seeded, not those staff changed or wrote', async () => {
    const seeded = {
      kind: 'alert' as const,
      text_en: '',
      text_ja: '',
      created_at: '2025-01-01T00:00:00.000Z',
    };
    const [untouched, changed] = await Promise.all([
      db
        .insertInto('banners')
        .values({ ...seeded, title_en: 'Customs declaration for overseas shipping' })
        .returning('id')
        .executeTakeFirstOrThrow(),
      db
        .insertInto('banners')
        .values({ ...seeded, title_en: 'Customs: our own words' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ]);
    await migration023.up(db);
    const left = await db
      .selectFrom('banners')
      .select('id')
      .where('id', 'in', [untouched.id, changed.id])
      .execute();
    expect(left.map((b) => b.id)).toEqual([changed.id]);
    await db.deleteFrom('banners').where('id', '=', changed.id).execute();
  });

  it('the demo shows what the spec shows: two banners, banner 1 swapped inside the campaign window, two notices', async () => {
    const now = await t.client().get('/user/banners');
    expect(now.body.top.map((b: { image_url: string }) => b.image_url)).toEqual([
      '/banners/banner1-pc.svg',
      '/banners/banner2-pc.svg',
    ]);
    expect(now.body.alerts).toHaveLength(2);
    const saved = t.clock.current;
    t.clock.current = new Date('2025-10-10T03:00:00Z');
    try {
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + BANNER_CACHE_MS + 1);
      const during = await t.client({ lang: 'ja' }).get('/user/banners');
      expect(during.body.top[0]).toMatchObject({
        image_url: '/banners/banner1-alt-pc.svg',
        title: 'ジェム10%OFF 週末限定',
      });
      expect(during.body.top).toHaveLength(2);
    } finally {
      vi.restoreAllMocks();
      t.clock.current = saved;
    }
  });

  it('a new banner with pictures shows on the shop at once here and within seconds on another process', async () => {
    const other = await buildApp({ config: t.config, db, clock: t.clock });
    await other.ready();
    afterAll(() => other.close());
    const otherClient = new TestClient(other);
    const seen = async (c: TestClient) =>
      (await c.get('/user/banners')).body.top.map((b: { title: string }) => b.title) as string[];
    expect(await seen(otherClient)).not.toContain('Winter packs');

    const files = storedFiles();
    const made = await expectAudited('banner.create', 1, async () =>
      owner.post('/admin/banners', {
        kind: 'top',
        slot: 3,
        sort: 3,
        link_url: '/?tab=5',
        tone: 'gold',
        title_en: 'Winter packs',
        title_ja: '冬のパック',
        text_en: 'New',
        text_ja: '新作',
        cta_en: 'See',
        cta_ja: '見る',
        starts_at: null,
        ends_at: null,
        enabled: 1,
        image: dataUrl(await png()),
        sp_image: dataUrl(await png(600, 400)),
      }),
    );
    expect(made.body.state).toBe(200);
    expect(storedFiles()).toBe(files + 2);
    expect(await seen(t.client())).toContain('Winter packs');
    const live = (await t.client().get('/user/banners')).body.top.find(
      (b: { title: string }) => b.title === 'Winter packs',
    );
    expect(live.image_url).toMatch(/^\/media\/uploads\/banners\/[0-9a-f]{32}\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: live.image_url })).headers['content-type']).toBe(
      'image/webp',
    );

    // the other process still holds its copy until BANNER_CACHE_MS passes
    const later = Date.now() + BANNER_CACHE_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await seen(otherClient)).toContain('Winter packs');
    } finally {
      vi.restoreAllMocks();
    }

    // a window in the past takes it off the shop; the console still lists it, not live
    await expectAudited('banner.update', 1, () =>
      owner.post(`/admin/banners/${made.body.id}`, {
        starts_at: '2020-01-01T00:00:00.000Z',
        ends_at: '2020-02-01T00:00:00.000Z',
      }),
    );
    expect(await seen(t.client())).not.toContain('Winter packs');
    const listed = (await owner.get(`/admin/banners/${made.body.id}`)).body.banner;
    expect(listed).toMatchObject({ live: false, title_en: 'Winter packs' });
    const ended = await owner.get('/admin/banners?status=ended&q=winter%20packs');
    expect(ended.body.list.map((b: { id: number }) => b.id)).toContain(made.body.id);
    expect((await owner.get('/admin/banners?status=live&q=winter%20packs')).body.list).toEqual([]);
  });

  it('refuses a non-image, an inverted window, an outside link; nothing stored, no audit row', async () => {
    const files = storedFiles();
    const base = {
      kind: 'alert',
      slot: 0,
      sort: 9,
      link_url: '',
      tone: 'info',
      title_en: 'Notice',
      title_ja: 'お知らせ',
      text_en: '',
      text_ja: '',
      cta_en: '',
      cta_ja: '',
      starts_at: null,
      ends_at: null,
      enabled: 1,
    };
    for (const [body, field] of [
      [{ ...base, image: dataUrl(Buffer.from('not a picture')) }, 'image'],
      [{ ...base, starts_at: '2026-12-02T00:00:00.000Z', ends_at: '2026-12-01T00:00:00.000Z' }, 'ends_at'],
      [{ ...base, link_url: '//evil.example/x' }, 'link_url'],
      [{ ...base, link_url: 'https://evil.example/x' }, 'link_url'],
    ] as const) {
      const res = await expectAudited('banner.create', 0, () => owner.post('/admin/banners', body));
      expect(res.body.state, field).toBe(400);
      expect(res.body.errors[field], field).toBeTruthy();
    }
    expect(storedFiles()).toBe(files);
  });
});

describe('gem prices: courses, campaigns, the FX rate', () => {
  const visibleIds = async () =>
    ((await t.client().get('/user/point_price/1')).body.list as { id: number }[]).map((c) => c.id);

  it('a new course shows on Buy gems; hidden or withdrawn it does not; the price edit applies', async () => {
    const made = await expectAudited('point_price.create', 1, () =>
      owner.post('/admin/point-prices', {
        point: 777,
        price: 777,
        rate: '0',
        coupon_only: 0,
        disabled: 0,
        sort: -5,
      }),
    );
    const id = made.body.id as number;
    expect(await visibleIds()).toContain(id);
    await expectAudited('point_price.update', 1, () =>
      owner.post(`/admin/point-prices/${id}`, { price: 700 }),
    );
    const detail = await t.client().get(`/user/point_price/detail/${id}`);
    expect(detail.body.detail).toMatchObject({ point: 777, price: 700 });
    await owner.post(`/admin/point-prices/${id}`, { coupon_only: 1 });
    expect(await visibleIds()).not.toContain(id);
    await owner.post(`/admin/point-prices/${id}`, { coupon_only: 0, disabled: 1 });
    expect(await visibleIds()).not.toContain(id);
    const listed = (await owner.get('/admin/point-prices')).body.list.find(
      (c: { id: number }) => c.id === id,
    );
    expect(listed).toMatchObject({ disabled: 1, payments: 0 });
    expect(
      (await expectAudited('point_price.create', 0, () => owner.post('/admin/point-prices', { point: -1 })))
        .body.state,
    ).toBe(400);
  });

  it('a campaign discounts every course inside its window; an inverted window is refused', async () => {
    await owner.post('/admin/point-prices', {
      point: 1000,
      price: 1000,
      rate: '0',
      coupon_only: 0,
      disabled: 0,
      sort: 0,
    });
    const made = await expectAudited('campaign.create', 1, () =>
      owner.post('/admin/campaigns', {
        percent: 20,
        starts_at: '2026-11-20T00:00:00.000Z',
        ends_at: '2026-11-21T00:00:00.000Z',
        note: 'Black Friday',
      }),
    );
    const list = (await t.client().get('/user/point_price/1')).body;
    expect(list).toMatchObject({ campaign: '1', campaign_percent: 20 });
    const course = list.list.find((c: { is_free: string }) => c.is_free === '0');
    expect(course.discount).toBe(Math.floor(course.price * 0.8));
    await expectAudited('campaign.update', 1, () =>
      owner.post(`/admin/campaigns/${made.body.id}`, { ends_at: '2026-11-20T01:00:00.000Z' }),
    );
    expect((await t.client().get('/user/point_price/1')).body.campaign).toBe('0');
    const bad = await expectAudited('campaign.create', 0, () =>
      owner.post('/admin/campaigns', {
        percent: 10,
        starts_at: '2026-11-21T00:00:00.000Z',
        ends_at: '2026-11-20T00:00:00.000Z',
        note: '',
      }),
    );
    expect(bad.body).toMatchObject({ state: 400, errors: { ends_at: [expect.any(String)] } });
  });

  it('the month’s FX rate applies to the dollar prices', async () => {
    await expectAudited('fx.set', 1, () => owner.post('/admin/fx', { month: '2026-11', rate: 125 }));
    const list = (await t.client().get('/user/point_price/1')).body;
    expect(list.fx_rate).toBe(125);
    expect((await owner.get('/admin/fx')).body.current).toMatchObject({ month: '2026-11', rate: 125 });
    const [row] = (await auditRows('fx.set')).slice(-1);
    expect(JSON.parse(row!.after_json!)).toEqual({ month: '2026-11', rate: 125 });
    expect((await owner.post('/admin/fx', { month: '2026-13', rate: 125 })).body.state).toBe(400);
    expect((await owner.post('/admin/fx', { month: '2026-12', rate: 0 })).body.state).toBe(400);
  });
});

describe('exchange cards', () => {
  it('are offered, edited and restocked; the stock never goes below zero', async () => {
    const { cardIds } = await createPack(db, { point: 10, prizes: [{ quantity: 1 }] });
    const made = await expectAudited('exchange_card.create', 1, () =>
      owner.post('/admin/exchange-cards', {
        card_id: cardIds[0],
        sub_coin: 50,
        stock: 2,
        member_limit: 1,
        visible_from: null,
        visible_until: null,
        sort: 0,
      }),
    );
    const id = made.body.id as number;
    await expectAudited('exchange_card.stock', 1, () =>
      owner.post(`/admin/exchange-cards/${id}/stock`, { add: 3 }),
    );
    const low = await expectAudited('exchange_card.stock', 0, () =>
      owner.post(`/admin/exchange-cards/${id}/stock`, { add: -6 }),
    );
    expect(low.body).toMatchObject({ state: 400, errors: { add: [expect.any(String)] } });
    await expectAudited('exchange_card.update', 1, () =>
      owner.post(`/admin/exchange-cards/${id}`, { sub_coin: 40 }),
    );
    const row = (await owner.get(`/admin/exchange-cards?q=%23${id}`)).body.list[0];
    expect(row).toMatchObject({ stock: 5, sub_coin: 40, exchanged: 0 });
    // the stock is not set by the edit (members take from it meanwhile)
    expect((await owner.post(`/admin/exchange-cards/${id}`, { stock: 1 })).body.state).toBe(400);
    const missing = await owner.post('/admin/exchange-cards', {
      card_id: 99_999_999,
      sub_coin: 1,
      stock: 1,
      member_limit: 0,
      visible_from: null,
      visible_until: null,
      sort: 0,
    });
    expect(missing.body).toMatchObject({ state: 400, errors: { card_id: [expect.any(String)] } });
  });
});

describe('coupons', () => {
  it('are created, edited, disabled (members refused from then) and list who used them', async () => {
    const made = await expectAudited('coupon.create', 1, () =>
      owner.post('/admin/coupons', {
        code: 'console-gift',
        kind: 'gems',
        gems: 150,
        starts_at: '2026-11-01T00:00:00.000Z',
        ends_at: '2026-12-01T00:00:00.000Z',
        max_uses: 10,
        note: 'newsletter',
        point_price_ids: [],
      }),
    );
    expect(made.body).toMatchObject({ state: 200, code: 'CONSOLE-GIFT' });
    const dup = await expectAudited('coupon.create', 0, () =>
      owner.post('/admin/coupons', {
        code: 'CONSOLE-GIFT',
        kind: 'gems',
        gems: 1,
        starts_at: '2026-11-01T00:00:00.000Z',
        ends_at: '2026-12-01T00:00:00.000Z',
        max_uses: null,
        note: '',
        point_price_ids: [],
      }),
    );
    expect(dup.body).toMatchObject({ state: 400, errors: { code: [expect.any(String)] } });

    const m = await memberClient(t);
    expect((await m.client.post('/user/coupon/use', { couponCode: 'CONSOLE-GIFT' })).body.error).toBe('');
    const uses = await owner.get(`/admin/coupons/${made.body.id}/uses`);
    expect(uses.body.list).toMatchObject([{ user_id: m.userId }]);
    const usesOf = async (q: string) =>
      (await owner.get(`/admin/coupons/${made.body.id}/uses?${q}`)).body.list.map(
        (u: { user_id: number }) => u.user_id,
      );
    expect(await usesOf(`q=%23${m.userId}`)).toEqual([m.userId]);
    expect(await usesOf(`q=%23${m.userId + 100_000}`)).toEqual([]);
    expect(await usesOf('q=nobody-has-this-name')).toEqual([]);
    expect((await owner.get(`/admin/coupons/${made.body.id}/uses`)).body).toMatchObject({
      total: 1,
      per_page: 50,
    });
    expect((await owner.get('/admin/coupons/99999999/uses')).body.state).toBe(404);

    await expectAudited('coupon.update', 1, () =>
      owner.post(`/admin/coupons/${made.body.id}`, { max_uses: 20 }),
    );
    expect((await owner.post(`/admin/coupons/${made.body.id}`, { max_uses: 0 })).body.state).toBe(400);
    await expectAudited('coupon.disable', 1, () => owner.post(`/admin/coupons/${made.body.id}/disable`, {}));
    await expectAudited('coupon.disable', 0, () => owner.post(`/admin/coupons/${made.body.id}/disable`, {}));
    const other = await memberClient(t);
    expect((await other.client.post('/user/coupon/use', { couponCode: 'CONSOLE-GIFT' })).body.error).not.toBe(
      '',
    );
    const row = (await owner.get(`/admin/coupons/${made.body.id}`)).body.coupon;
    expect((await owner.get('/admin/coupons?q=console-gift')).body.list).toEqual([row]);
    expect(row).toMatchObject({ used_count: 1, max_uses: 20, disabled_at: expect.any(String) });
  });
});

describe('a pack’s pictures and videos', () => {
  it('uploads carousel pictures and a banner, keeps one by path, refuses an unknown path', async () => {
    const { packId } = await createPack(db, { point: 10, prizes: [{ quantity: 5 }] });
    const first = await expectAudited('pack.images', 1, async () =>
      owner.post(`/admin/packs/${packId}/images`, {
        images: [dataUrl(await png(800, 800)), dataUrl(await png(800, 800))],
        banner_image: dataUrl(await png()),
      }),
    );
    expect(first.body.state).toBe(200);
    const detail = (await t.client().get(`/user/pack/detail/${packId}`)).body.pack;
    const images = JSON.stringify(detail);
    expect(images).toMatch(/\/media\/uploads\/packs\/\d+\/[0-9a-f]{32}\.webp/);
    const row = await db
      .selectFrom('packs')
      .select(['images', 'banner_image'])
      .where('id', '=', packId)
      .executeTakeFirstOrThrow();
    const kept = JSON.parse(row.images) as string[];
    await expectAudited('pack.images', 1, () =>
      owner.post(`/admin/packs/${packId}/images`, { images: [kept[1]], banner_image: row.banner_image }),
    );
    const bad = await expectAudited('pack.images', 0, () =>
      owner.post(`/admin/packs/${packId}/images`, {
        images: ['/media/uploads/other.webp'],
        banner_image: row.banner_image,
      }),
    );
    expect(bad.body.state).toBe(400);
  });

  it('uploads an opening video checked by its content, lists and removes it', async () => {
    const { packId } = await createPack(db, { point: 10, prizes: [{ quantity: 5 }] });
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 1)]);
    const added = await expectAudited('pack.video.add', 1, () =>
      owner.post(`/admin/packs/${packId}/videos`, {
        rarity: 7,
        movie_style: null,
        video: dataUrl(mp4, 'video/mp4'),
      }),
    );
    expect(added.body.state).toBe(200);
    const list = (await owner.get(`/admin/packs/${packId}/videos`)).body.list;
    expect(list).toMatchObject([{ id: added.body.id, rarity: 7, content_type: 'video/mp4' }]);
    const fake = await expectAudited('pack.video.add', 0, () =>
      owner.post(`/admin/packs/${packId}/videos`, {
        rarity: 7,
        movie_style: null,
        video: dataUrl(Buffer.from('<script>alert(1)</script>'), 'video/mp4'),
      }),
    );
    expect(fake.body).toMatchObject({ state: 400, errors: { video: [expect.any(String)] } });
    await expectAudited('pack.video.remove', 1, () =>
      owner.post(`/admin/pack-videos/${added.body.id}/delete`, {}),
    );
    expect((await owner.get(`/admin/packs/${packId}/videos`)).body.list).toEqual([]);
    expect((await owner.post(`/admin/pack-videos/${added.body.id}/delete`, {})).body.state).toBe(404);
  });
});

describe('the board’s moderation', () => {
  async function pendingPost(app: TestApp) {
    const m = await memberClient(app);
    const res = await m.client.post('/user/post/save', { content: 'Pulled a SAR!', images: [] });
    expect(res.body.state).toBe(200);
    const post = await db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', m.userId)
      .executeTakeFirstOrThrow();
    return { ...m, postId: post.id };
  }

  it('lists pending posts; approving twice pays 500 gems once and audits once; rejecting pays nothing', async () => {
    const a = await pendingPost(t);
    const b = await pendingPost(t);
    const support = await staffClient(t, 'support');
    const pending = (await support.get('/admin/posts?status=pending')).body.list.map(
      (p: { id: number }) => p.id,
    );
    expect(pending).toEqual(expect.arrayContaining([a.postId, b.postId]));
    const [first, again] = await Promise.all([
      support.post(`/admin/posts/${a.postId}/approve`, {}),
      support.post(`/admin/posts/${a.postId}/approve`, {}),
    ]);
    expect([first.body.changed, again.body.changed].sort()).toEqual([false, true]);
    const rewards = await db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', a.userId)
      .where('reason', '=', 'post_reward')
      .execute();
    expect(rewards.map((r) => r.delta)).toEqual([500]);
    expect((await auditRows('post.approve')).filter((r) => r.target_id === String(a.postId))).toHaveLength(1);

    expect((await support.post(`/admin/posts/${b.postId}/reject`, { reason: '' })).body.state).toBe(400);
    const rejected = await support.post(`/admin/posts/${b.postId}/reject`, { reason: 'Not a card photo' });
    expect(rejected.body).toMatchObject({ changed: true, gems: 0 });
    expect(
      await db
        .selectFrom('gem_ledger')
        .selectAll()
        .where('user_id', '=', b.userId)
        .where('reason', '=', 'post_reward')
        .execute(),
    ).toEqual([]);
    const shown = (await t.client().get('/user/post/list/1')).body.list.map((p: { id: number }) => p.id);
    expect(shown).toContain(a.postId);
    expect(shown).not.toContain(b.postId);
  });

  it('searches a state’s posts by text, member or #id; the queue oldest first, decided posts newest first', async () => {
    const a = await pendingPost(t);
    const b = await pendingPost(t);
    const mail = (id: number) =>
      db.selectFrom('users').select('mail').where('id', '=', id).executeTakeFirstOrThrow();
    const support = await staffClient(t, 'support');
    const ids = async (q: string) =>
      (await support.get(`/admin/posts?${q}`)).body.list.map((p: { id: number }) => p.id);
    expect(await ids(`status=pending&q=${encodeURIComponent((await mail(b.userId)).mail)}`)).toEqual([
      b.postId,
    ]);
    expect(await ids(`status=pending&q=%23${a.postId}`)).toEqual([a.postId]);
    expect(await ids('status=pending&q=pulled+a+sar')).toEqual(expect.arrayContaining([a.postId, b.postId]));
    const queue = await ids('status=pending&q=pulled+a+sar');
    expect(queue.indexOf(a.postId)).toBeLessThan(queue.indexOf(b.postId));
    expect(await ids(`status=approved&q=%23${a.postId}`)).toEqual([]);
    await support.post(`/admin/posts/${a.postId}/approve`, {});
    await support.post(`/admin/posts/${b.postId}/approve`, {});
    const approved = await ids('status=approved&q=pulled+a+sar');
    expect(approved.indexOf(b.postId)).toBeLessThan(approved.indexOf(a.postId));
    const page = (await support.get('/admin/posts?status=approved&per=1')).body;
    expect(page).toMatchObject({ per_page: 1, page: 1 });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });
});
