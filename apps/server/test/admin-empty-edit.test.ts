import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminCardUpdateSchema, adminPackUpdateSchema, adminStaffUpdateSchema } from '@gacha/contract/admin';
import {
  adminBannerUpdateSchema,
  adminCampaignUpdateSchema,
  adminCardTypeUpdateSchema,
  adminCouponUpdateSchema,
  adminExchangeCardUpdateSchema,
  adminPointPriceUpdateSchema,
} from '@gacha/contract/admin-shop';
import type { Database } from '../src/db/schema.ts';
import { createPack, memberClient, TEST_CARD_TYPE } from './draw-factories.ts';
import { createTestApp, type TestClient } from './helpers.ts';
import { auditCount, createStaffMember, staffClient } from './staff-factories.ts';

/**
 * An edit that changes nothing (an empty body, or a form saved with its values unchanged) answers 200 with
 * nothing written and no audit row, never a 5xx; an edit of one field changes that field only. Every admin POST
 * route of the registry is walked with `{}`, so a route added later is walked too: an edit route
 * (`/api/admin/<things>/:id`) must name a row to edit in EDITED below, or this test fails.
 */
const t = await createTestApp({ rateLimits: false });
const db = t.db;

const posts = t.app.apiRoutes.filter((r) => r.method === 'POST' && r.url.startsWith('/api/admin/'));
const EDIT = /^\/api\/admin\/([a-z-]+)\/:id$/;
const path = (url: string, id: number) => url.replace(/^\/api/, '').replace(/:[A-Za-z_]+/g, String(id));
/** A fresh owner for every call: a route that ends the session (logout) must not spoil the next. */
const owner = () => staffClient(t, 'owner');

type Table = keyof Database;
/** What each edit route edits: the table of its rows and the body schema of its form. */
const EDITED: Record<string, { table: Table; schema: z.ZodObject }> = {
  packs: { table: 'packs', schema: adminPackUpdateSchema },
  cards: { table: 'cards', schema: adminCardUpdateSchema },
  'card-types': { table: 'card_types', schema: adminCardTypeUpdateSchema },
  banners: { table: 'banners', schema: adminBannerUpdateSchema },
  'point-prices': { table: 'point_prices', schema: adminPointPriceUpdateSchema },
  campaigns: { table: 'gem_campaigns', schema: adminCampaignUpdateSchema },
  'exchange-cards': { table: 'exchange_cards', schema: adminExchangeCardUpdateSchema },
  coupons: { table: 'coupons', schema: adminCouponUpdateSchema },
  staff: { table: 'staff', schema: adminStaffUpdateSchema },
};

const rowOf = (table: Table, id: number) =>
  db
    .selectFrom(table)
    .selectAll()
    .where('id' as never, '=', id as never)
    .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;

/** Calls every admin POST route with `{}` on `idOf(route)`; answers the route, its state and the audit rows it added. */
async function walk(idOf: (url: string) => number) {
  const seen: { url: string; id: number; state: number; audited: number }[] = [];
  for (const r of posts) {
    const c: TestClient = await owner();
    const id = idOf(r.url);
    const before = await auditCount(db);
    const res = await c.post(path(r.url, id), {});
    seen.push({ url: r.url, id, state: res.body.state, audited: (await auditCount(db)) - before });
  }
  return seen;
}

describe('an empty edit', () => {
  it('no admin POST route answers a 5xx to {} on id 1 where nothing exists, and no edit writes', async () => {
    expect(posts.length).toBeGreaterThanOrEqual(30);
    for (const r of await walk(() => 1)) {
      expect(r.state, `POST {} ${r.url}`).toBeLessThan(500);
      if (EDIT.test(r.url)) {
        expect([200, 404], `POST {} ${r.url}`).toContain(r.state);
        expect(r.audited, `audit rows of POST {} ${r.url}`).toBe(0);
      }
    }
  });

  it('on real rows: every route answers below 500; an edit is 200 with nothing written and no audit row', async () => {
    const { packId, cardIds } = await createPack(db, { publish: false });
    const c = await owner();
    const made = async (url: string, body: Record<string, unknown>) => {
      const res = await c.post(url, body);
      expect(res.body.state, url).toBe(200);
      return res.body.id as number;
    };
    const member = await memberClient(t);
    const ids: Record<string, number> = {
      packs: packId,
      cards: cardIds[0]!,
      'card-types': TEST_CARD_TYPE,
      members: member.userId,
      staff: (await createStaffMember(db, 'viewer')).id,
      banners: await made('/admin/banners', {
        kind: 'alert',
        slot: 0,
        sort: 0,
        link_url: '/news',
        tone: 'info',
        title_en: 'Notice',
        title_ja: 'お知らせ',
        text_en: 'Text',
        text_ja: '本文',
        cta_en: '',
        cta_ja: '',
        starts_at: null,
        ends_at: null,
        enabled: 1,
      }),
      'point-prices': await made('/admin/point-prices', {
        point: 500,
        price: 500,
        rate: '0',
        coupon_only: 0,
        disabled: 0,
        sort: 0,
      }),
      campaigns: await made('/admin/campaigns', {
        percent: 10,
        starts_at: '2026-12-01T00:00:00.000Z',
        ends_at: '2026-12-02T00:00:00.000Z',
        note: 'December',
      }),
      'exchange-cards': await made('/admin/exchange-cards', {
        card_id: cardIds[1]!,
        sub_coin: 50,
        stock: 2,
        member_limit: 1,
        visible_from: null,
        visible_until: null,
        sort: 0,
      }),
      coupons: await made('/admin/coupons', {
        code: 'EMPTY-EDIT',
        kind: 'gems',
        gems: 100,
        starts_at: '2026-11-01T00:00:00.000Z',
        ends_at: '2026-12-31T00:00:00.000Z',
        max_uses: 10,
        note: '',
        point_price_ids: [],
      }),
    };
    const edits = posts.filter((r) => EDIT.test(r.url));
    expect(edits.length).toBeGreaterThanOrEqual(8);
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          edits.map(async (r) => {
            const thing = EDIT.exec(r.url)![1]!;
            expect(EDITED[thing], `${r.url}: name its table and form in EDITED`).toBeDefined();
            expect(ids[thing], `${r.url}: make a row of it above`).toBeDefined();
            return [thing, await rowOf(EDITED[thing]!.table, ids[thing]!)];
          }),
        ),
      );
    const rows = await snapshot();

    // the edits first (the other routes may change the rows: publishing, ending a sale)
    const byEditsFirst = [...edits, ...posts.filter((r) => !EDIT.test(r.url))];
    for (const r of byEditsFirst) {
      const thing = /^\/api\/admin\/([a-z-]+)\//.exec(r.url)?.[1] ?? '';
      const id = ids[thing] ?? 1;
      const before = await auditCount(db);
      const res = await (await owner()).post(path(r.url, id), {});
      expect(res.body.state, `POST {} ${path(r.url, id)}`).toBeLessThan(500);
      if (EDIT.test(r.url)) {
        expect(res.body, `POST {} ${path(r.url, id)}`).toMatchObject({ state: 200, id });
        expect(await auditCount(db), `audit rows of POST {} ${r.url}`).toBe(before);
        expect(await rowOf(EDITED[thing]!.table, id), `row of ${r.url}`).toEqual(rows[thing]);
      }
    }
  });

  it('a form saved with its values unchanged is the same no-op', async () => {
    const { packId, cardIds } = await createPack(db, { publish: false });
    const c = await owner();
    const bannerId = (
      await c.post('/admin/banners', {
        kind: 'top',
        slot: 1,
        sort: 1,
        link_url: '/',
        tone: 'gold',
        title_en: 'Same',
        title_ja: '同じ',
        text_en: '',
        text_ja: '',
        cta_en: '',
        cta_ja: '',
        starts_at: '2026-11-01T00:00:00.000Z',
        ends_at: null,
        enabled: 1,
      })
    ).body.id as number;
    const cases: [string, Table, number][] = [
      ['packs', 'packs', packId],
      ['cards', 'cards', cardIds[0]!],
      ['card-types', 'card_types', TEST_CARD_TYPE],
      ['banners', 'banners', bannerId],
    ];
    for (const [thing, table, id] of cases) {
      const row = (await rowOf(table, id))!;
      const fields = Object.keys(EDITED[thing]!.schema.shape).filter((k) => k in row);
      const body = Object.fromEntries(fields.map((k) => [k, row[k]]));
      expect(fields.length, thing).toBeGreaterThan(2);
      const before = await auditCount(db);
      const res = await c.post(`/admin/${thing}/${id}`, body);
      expect(res.body, `${thing} saved unchanged`).toMatchObject({ state: 200, id });
      expect(await auditCount(db), `${thing} saved unchanged: audit rows`).toBe(before);
      expect(await rowOf(table, id)).toEqual(row);
    }
  });
});

describe('a partial edit', () => {
  it('changes the one field sent, with one audit row', async () => {
    const { packId, cardIds } = await createPack(db, { publish: false });
    const c = await owner();
    const id = async (url: string, body: Record<string, unknown>) =>
      (await c.post(url, body)).body.id as number;
    const cases: [string, Table, number, Record<string, unknown>][] = [
      ['packs', 'packs', packId, { name_en: 'Renamed pack' }],
      ['cards', 'cards', cardIds[0]!, { rarity_label: 'SR' }],
      ['card-types', 'card_types', TEST_CARD_TYPE, { sort: 42 }],
      [
        'banners',
        'banners',
        await id('/admin/banners', {
          kind: 'alert',
          slot: 0,
          sort: 0,
          link_url: '',
          tone: 'warn',
          title_en: 'Before',
          title_ja: '前',
          text_en: '',
          text_ja: '',
          cta_en: '',
          cta_ja: '',
          starts_at: null,
          ends_at: null,
          enabled: 1,
        }),
        { title_en: 'After' },
      ],
      [
        'point-prices',
        'point_prices',
        await id('/admin/point-prices', {
          point: 300,
          price: 300,
          rate: '0',
          coupon_only: 0,
          disabled: 0,
          sort: 0,
        }),
        { price: 280 },
      ],
      [
        'campaigns',
        'gem_campaigns',
        await id('/admin/campaigns', {
          percent: 15,
          starts_at: '2026-12-01T00:00:00.000Z',
          ends_at: '2026-12-02T00:00:00.000Z',
          note: '',
        }),
        { note: 'Changed note' },
      ],
      [
        'exchange-cards',
        'exchange_cards',
        await id('/admin/exchange-cards', {
          card_id: cardIds[1]!,
          sub_coin: 20,
          stock: 1,
          member_limit: 0,
          visible_from: null,
          visible_until: null,
          sort: 0,
        }),
        { sub_coin: 25 },
      ],
      [
        'coupons',
        'coupons',
        await id('/admin/coupons', {
          code: 'PARTIAL-EDIT',
          kind: 'gems',
          gems: 10,
          starts_at: '2026-11-01T00:00:00.000Z',
          ends_at: '2026-12-31T00:00:00.000Z',
          max_uses: null,
          note: '',
          point_price_ids: [],
        }),
        { max_uses: 5 },
      ],
    ];
    for (const [thing, table, rowId, change] of cases) {
      const before = (await rowOf(table, rowId))!;
      const audits = await auditCount(db);
      const res = await c.post(`/admin/${thing}/${rowId}`, change);
      expect(res.body, `${thing} ${JSON.stringify(change)}`).toMatchObject({ state: 200, id: rowId });
      expect(await auditCount(db), `${thing}: audit rows`).toBe(audits + 1);
      const after = (await rowOf(table, rowId))!;
      const moved = Object.keys(after).filter((k) => after[k] !== before[k] && k !== 'modified');
      expect(moved, thing).toEqual(Object.keys(change));
      expect(after).toMatchObject(change);
    }
  });
});
