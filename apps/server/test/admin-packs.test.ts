import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { memberClient, TEST_CARD_TYPE } from './draw-factories.ts';
import { auditCount as countAuditRows, staffClient } from './staff-factories.ts';

/** Packs from the console — drafts, prizes, the publish summary, publishing once, the locks after. */
const t = await createTestApp();
const db = t.db;

async function cards(n: number) {
  await db
    .insertInto('card_types')
    .values({ id: TEST_CARD_TYPE, name_en: 'Test cards', name_ja: 'テストカード', sort: 99 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const rows = await db
    .insertInto('cards')
    .values(
      Array.from({ length: n }, (_, i) => ({
        card_type_id: TEST_CARD_TYPE,
        name_en: `Console card ${i}`,
        name_ja: `管理カード${i}`,
        model_number: `CC-${i}`,
        rarity: i + 1,
        rarity_label: `R${i + 1}`,
        image_url: '/x.svg',
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const draft = {
  card_type_id: TEST_CARD_TYPE,
  name_en: 'Console pack',
  name_ja: '管理パック',
  payment_method: 1,
  point: 100,
  total_pack_count: 10,
  start_at: '2026-11-01T00:00:00.000Z',
  end_at: null,
  can_limit: 0,
  limit_count: 0,
  limit_message_en: '',
  limit_message_ja: '',
  max_buy_count: 0,
  show_cardlist: 1,
  detail_en: '<p>Hello <script>alert(1)</script></p>',
  detail_ja: '<p>こんにちは</p>',
  movie_style: 1,
  sort: 0,
};
const auditCount = () => countAuditRows(db);

describe('packs in the console', () => {
  it('a draft with prizes and a last-one prize, its summary, published once; a member buys it', async () => {
    const owner = await staffClient(t, 'owner');
    const [common, rare, last] = await cards(3);
    const created = await owner.post('/admin/packs', draft);
    expect(created.body.state).toBe(200);
    const id = created.body.id;
    expect((await owner.get(`/admin/packs/${id}`)).body.pack).toMatchObject({
      status: 'draft',
      detail_en: '<p>Hello </p>',
    });
    expect((await owner.post(`/admin/packs/${id}/publish`, {})).body).toMatchObject({
      state: 409,
      summary: { ready: false },
    });
    await owner.post(`/admin/packs/${id}/prizes`, {
      prizes: [
        { card_id: common, quantity: 8, buy_point: 10 },
        { card_id: rare, quantity: 2, buy_point: 200 },
        { card_id: last, quantity: 1, buy_point: 1000, is_last_one: 1 },
      ],
    });
    const summary = await owner.get(`/admin/packs/${id}/summary`);
    expect(summary.body).toMatchObject({
      lots: 10,
      last_one: 1,
      lots_per_rarity: [
        { rarity: 2, lots: 2 },
        { rarity: 1, lots: 8 },
      ],
      full_sale: 1000,
      conversion_value: 1480,
      payout_ratio: 1.48,
      // 1,480 gems of prizes over 10 lots against a price of 100; above the shop's 100 % (PAYOUT_WARNING_PERCENT)
      value_per_play: 148,
      price: 100,
      payout_warning_ratio: 1,
      payout_warning: true,
      ready: true,
    });
    // under the threshold, no warning
    await owner.post(`/admin/packs/${id}/prizes`, {
      prizes: [
        { card_id: common, quantity: 8, buy_point: 5 },
        { card_id: rare, quantity: 2, buy_point: 20 },
        { card_id: last, quantity: 1, buy_point: 50, is_last_one: 1 },
      ],
    });
    expect((await owner.get(`/admin/packs/${id}/summary`)).body).toMatchObject({
      payout_ratio: 0.13,
      payout_warning: false,
    });
    await owner.post(`/admin/packs/${id}/prizes`, {
      prizes: [
        { card_id: common, quantity: 8, buy_point: 10 },
        { card_id: rare, quantity: 2, buy_point: 200 },
        { card_id: last, quantity: 1, buy_point: 1000, is_last_one: 1 },
      ],
    });
    const [a, b] = await Promise.all([
      owner.post(`/admin/packs/${id}/publish`, {}),
      (await staffClient(t, 'operator')).post(`/admin/packs/${id}/publish`, {}),
    ]);
    expect([a.body.published, b.body.published].sort()).toEqual([false, true]);
    expect(a.body.commitment).toBe(b.body.commitment);
    const lots = await db.selectFrom('pack_lots').select('position').where('pack_id', '=', id).execute();
    expect(lots).toHaveLength(10);
    const publishes = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'pack.publish')
      .where('target_id', '=', String(id))
      .execute();
    expect(publishes).toHaveLength(1);

    const m = await memberClient(t, { gems: 5000 });
    const bought = await m.client.post('/user/pack/buy', { packId: id, count: '10' });
    expect(bought.body.state).toBe(200);
    expect(bought.body.cards).toHaveLength(11); // the last-one prize with the final lot
    const detail = await owner.get(`/admin/packs/${id}`);
    expect(detail.body.prizes.map((p: { sold: number }) => p.sold)).toEqual([1, 2, 8]);
  });

  it('after publishing: price, lots, start and prizes refused by every route, nothing written; the rest changes, audited', async () => {
    const owner = await staffClient(t, 'owner');
    const [c1] = await cards(1);
    const id = (await owner.post('/admin/packs', draft)).body.id;
    await owner.post(`/admin/packs/${id}/prizes`, { prizes: [{ card_id: c1, quantity: 10, buy_point: 5 }] });
    await owner.post(`/admin/packs/${id}/publish`, {});
    const before = await auditCount();
    for (const change of [
      { point: 50 },
      { total_pack_count: 20 },
      { payment_method: 2 },
      { start_at: '2026-12-01T00:00:00.000Z' },
      { card_type_id: 2 },
    ]) {
      const res = await owner.post(`/admin/packs/${id}`, change);
      expect(res.body, JSON.stringify(change)).toMatchObject({ state: 409 });
    }
    expect(
      (
        await owner.post(`/admin/packs/${id}/prizes`, {
          prizes: [{ card_id: c1, quantity: 10, buy_point: 999 }],
        })
      ).body.state,
    ).toBe(409);
    expect(await auditCount()).toBe(before);
    expect(
      (await db.selectFrom('packs').select('point').where('id', '=', id).executeTakeFirstOrThrow()).point,
    ).toBe(100);

    expect(
      (
        await owner.post(`/admin/packs/${id}`, {
          name_en: 'Renamed',
          detail_en: '<p>New</p>',
          end_at: '2026-12-31T00:00:00.000Z',
        })
      ).body.state,
    ).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const row = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(row.before_json!)).toMatchObject({ name_en: 'Console pack' });
    expect(JSON.parse(row.after_json!)).toMatchObject({
      name_en: 'Renamed',
      end_at: '2026-12-31T00:00:00.000Z',
    });
    expect((await owner.post(`/admin/packs/${id}/end`, {})).body.state).toBe(200);
    const m = await memberClient(t, { gems: 5000 });
    expect((await m.client.post('/user/pack/check', { packId: id, count: '1' })).body).toMatchObject({
      state: 400,
      reason: 'pack_ended',
    });
  });

  it('bad input is a 400, nothing written; a viewer reads but cannot write', async () => {
    const owner = await staffClient(t, 'owner');
    const before = await auditCount();
    for (const bad of [
      {},
      { ...draft, point: 0 },
      { ...draft, payment_method: 3 },
      { ...draft, start_at: 'tomorrow' },
      { ...draft, extra: 1 },
    ]) {
      expect((await owner.post('/admin/packs', bad)).body.state).toBe(400);
    }
    const viewer = await staffClient(t, 'viewer');
    expect((await viewer.get('/admin/packs')).body.state).toBe(200);
    expect((await viewer.post('/admin/packs', draft)).body.state).toBe(403);
    expect(await auditCount()).toBe(before);
  });
});

describe('pausing a sale', () => {
  it('refuses purchases while paused and sells again once resumed; a draft cannot be paused; a repeat is not audited', async () => {
    const owner = await staffClient(t, 'owner');
    const [c1, c2] = await cards(2);
    const id = (await owner.post('/admin/packs', { ...draft, name_en: 'Paused pack' })).body.id as number;
    expect((await owner.post(`/admin/packs/${id}/pause`, { paused: 1 })).body.state).toBe(400);
    await owner.post(`/admin/packs/${id}/prizes`, {
      prizes: [
        { card_id: c1, quantity: 9, buy_point: 10 },
        { card_id: c2, quantity: 1, buy_point: 500 },
      ],
    });
    expect((await owner.post(`/admin/packs/${id}/publish`, {})).body.state).toBe(200);
    const m = await memberClient(t, { gems: 1000 });

    const before = await auditCount();
    expect((await owner.post(`/admin/packs/${id}/pause`, { paused: 1 })).body.state).toBe(200);
    expect((await owner.post(`/admin/packs/${id}/pause`, { paused: 1 })).body.state).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const refused = await m.client.post('/user/pack/buy', { packId: id, count: '1' });
    expect(refused.body).toMatchObject({ state: 409, reason: 'pack_paused' });
    expect((await owner.get('/admin/packs')).body.list.find((p: { id: number }) => p.id === id).paused).toBe(
      true,
    );

    expect((await owner.post(`/admin/packs/${id}/pause`, { paused: 0 })).body.state).toBe(200);
    expect(await auditCount()).toBe(before + 2);
    const bought = await m.client.post('/user/pack/buy', { packId: id, count: '1' });
    expect(bought.body.state).toBe(200);
    const viewer = await staffClient(t, 'viewer');
    expect((await viewer.post(`/admin/packs/${id}/pause`, { paused: 1 })).body.state).toBe(403);
  });
});
