import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMember, createMembers, createPack, loginAs } from './draw-factories.ts';
import { createCourse } from './fakes/shop.ts';
import { createTestApp } from './helpers.ts';
import { staffClient } from './staff-factories.ts';

/**
 * GET /api/admin/dashboard. The test clock is 2026-11-20 03:00 UTC = 12:00 JST on the 20th:
 * "today" starts at 2026-11-19 15:00 UTC and "this month" at 2026-10-31 15:00 UTC.
 */
const t = await createTestApp();
const db = t.db;
const NOW = t.clock.now();
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString();
const daysAgo = (d: number) => hoursAgo(d * 24);

const course = await createCourse(db, { point: 1000 });
let seq = 0;
async function payment(p: {
  method: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';
  gems: number;
  yen: number;
  settled_at?: string | null;
  created_at?: string;
}) {
  const userId = await createMember(db);
  const created = p.created_at ?? p.settled_at ?? NOW.toISOString();
  await db
    .insertInto('payments')
    .values({
      public_id: `pay_dash_${seq++}_${randomBytes(4).toString('hex')}`,
      user_id: userId,
      point_price_id: course,
      pay_id: 1,
      method: p.method,
      provider: 'sandbox',
      amount_yen: p.yen,
      gems: p.gems,
      status: p.status,
      provider_ref: null,
      pack_id: null,
      holder_name: null,
      combini_code: null,
      receipt_number: null,
      payment_url: null,
      detail: null,
      failure_code: null,
      created_at: created,
      updated_at: created,
      expires_at: new Date(Date.parse(created) + 3 * 86400_000).toISOString(),
      settled_at: p.settled_at ?? null,
    })
    .execute();
  return {
    userId,
    paymentId: Number(
      (
        await db
          .selectFrom('payments')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    ),
  };
}

/** A refund of a payment in a state, decided (and, when succeeded, confirmed) at `at`. */
async function refund(
  of: { userId: number; paymentId: number },
  yen: number,
  status: 'succeeded' | 'failed',
  at: string,
) {
  await db
    .insertInto('payment_refunds')
    .values({
      payment_id: of.paymentId,
      user_id: of.userId,
      reason_kind: 'company_fault',
      reason: 'test',
      gems: yen,
      gems_reclaimed: 0,
      gems_spent: yen,
      amount_yen: yen,
      status,
      provider: 'sandbox',
      provider_refund_ref: null,
      failure_code: null,
      staff_id: null,
      created_at: at,
      updated_at: at,
      settled_at: status === 'succeeded' ? at : null,
    })
    .execute();
}

async function shipment(itemCount: number, createdAt: string, status: 'open' | 'shipped' = 'open') {
  const userId = await createMember(db);
  await db
    .insertInto('shipments')
    .values({
      user_id: userId,
      status,
      item_count: itemCount,
      delivery_code: status === 'shipped' ? 'JP123' : null,
      created_at: createdAt,
      shipped_at: status === 'shipped' ? NOW.toISOString() : null,
    })
    .execute();
}

describe('GET /api/admin/dashboard', () => {
  it('today and this month in JST, what sells, what waits, and a daily series for charts', async () => {
    // gem sales: counted on the JST day they succeeded
    await payment({ method: 'card', status: 'succeeded', gems: 1000, yen: 1000, settled_at: hoursAgo(2) });
    // 00:00 JST today exactly
    await payment({
      method: 'bank',
      status: 'succeeded',
      gems: 3000,
      yen: 3000,
      settled_at: '2026-11-19T15:00:00.000Z',
    });
    // 23:59 JST yesterday
    await payment({
      method: 'card',
      status: 'succeeded',
      gems: 500,
      yen: 550,
      settled_at: '2026-11-19T14:59:59.999Z',
    });
    // 00:00 JST on the 1st, and a minute before (last month)
    const paypal = await payment({
      method: 'paypal',
      status: 'succeeded',
      gems: 2000,
      yen: 2000,
      settled_at: '2026-10-31T15:00:00.000Z',
    });
    // refunded in part today; a refund the provider refused counts nothing
    await refund(paypal, 1500, 'succeeded', hoursAgo(1));
    await payment({
      method: 'card',
      status: 'succeeded',
      gems: 9999,
      yen: 9999,
      settled_at: '2026-10-31T14:59:00.000Z',
    });
    const failed = await payment({
      method: 'card',
      status: 'succeeded',
      gems: 700,
      yen: 700,
      settled_at: '2026-10-01T00:00:00.000Z',
    });
    await refund(failed, 700, 'failed', hoursAgo(1));
    await payment({ method: 'card', status: 'failed', gems: 700, yen: 700, settled_at: hoursAgo(1) });
    // waiting bank transfers (and a convenience store payment that is not one)
    await payment({
      method: 'bank',
      status: 'pending',
      gems: 5000,
      yen: 5000,
      created_at: '2026-11-18T00:00:00.000Z',
    });
    await payment({ method: 'bank', status: 'pending', gems: 1000, yen: 1000, created_at: hoursAgo(1) });
    await payment({ method: 'combini', status: 'pending', gems: 300, yen: 300, created_at: hoursAgo(1) });

    // packs: two on sale (one paused), one on sale for coins; sold out, draft, ended and not started are not selling
    const gemPack = await createPack(db, { point: 100, prizes: [{ quantity: 10 }] });
    const coinPack = await createPack(db, { point: 10, payment_method: 2, prizes: [{ quantity: 5 }] });
    const paused = await createPack(db, { point: 100, prizes: [{ quantity: 4 }] });
    await db
      .updateTable('packs')
      .set({ paused_at: hoursAgo(5) })
      .where('id', '=', paused.packId)
      .execute();
    const soldOut = await createPack(db, { point: 100, prizes: [{ quantity: 2 }] });
    await db.updateTable('packs').set({ sold_count: 2 }).where('id', '=', soldOut.packId).execute();
    await createPack(db, { point: 100, publish: false });
    await createPack(db, { point: 100, end_at: daysAgo(1) });
    await createPack(db, { point: 100, start_at: '2026-12-01T00:00:00.000Z' });

    const buyer = await createMember(db, { gems: 1000, coinTenths: 1000 });
    const c = t.client();
    await loginAs(db, c, buyer);
    expect((await c.post('/user/pack/buy', { packId: gemPack.packId, count: '3' })).body.state).toBe(200);
    expect((await c.post('/user/pack/buy', { packId: coinPack.packId, count: '2' })).body.state).toBe(200);
    // an earlier purchase this month (5 Nov JST) and one last month
    await db.updateTable('packs').set({ sold_count: 7 }).where('id', '=', gemPack.packId).execute();
    await db
      .insertInto('pack_purchases')
      .values([
        {
          user_id: buyer,
          pack_id: gemPack.packId,
          count: 2,
          first_position: 3,
          currency: 'gem',
          base_price: 200,
          discount_percent: 0,
          price_paid: 200,
          coin_earned_tenths: 2,
          created_at: '2026-11-05T01:00:00.000Z',
        },
        {
          user_id: buyer,
          pack_id: gemPack.packId,
          count: 2,
          first_position: 5,
          currency: 'gem',
          base_price: 200,
          discount_percent: 0,
          price_paid: 200,
          coin_earned_tenths: 2,
          created_at: '2026-10-20T01:00:00.000Z',
        },
      ])
      .execute();
    // coins granted by staff today
    const support = await staffClient(t, 'support');
    const grant = await support.post(`/admin/members/${buyer}/coins/grant`, {
      tenths: 25,
      reason: 'Goodwill',
      request_id: `dash-${randomBytes(6).toString('hex')}`,
    });
    expect(grant.body.state).toBe(200);

    // shipments waiting: 3, 10 and 20 days old; an empty batch and a shipped one do not wait
    await shipment(2, daysAgo(3));
    await shipment(1, daysAgo(10));
    await shipment(4, daysAgo(20));
    await shipment(0, daysAgo(30));
    await shipment(5, daysAgo(40), 'shipped');

    // posts
    const [poster] = await createMembers(db, 1);
    await db
      .insertInto('posts')
      .values([
        {
          user_id: poster!,
          content: 'a',
          status: 'pending',
          reject_reason: null,
          request_id: null,
          created_at: daysAgo(2),
          decided_at: null,
        },
        {
          user_id: poster!,
          content: 'b',
          status: 'pending',
          reject_reason: null,
          request_id: null,
          created_at: hoursAgo(3),
          decided_at: null,
        },
        {
          user_id: poster!,
          content: 'c',
          status: 'approved',
          reject_reason: null,
          request_id: null,
          created_at: daysAgo(5),
          decided_at: daysAgo(4),
        },
      ])
      .execute();

    const viewer = await staffClient(t, 'viewer');
    const res = await viewer.get('/admin/dashboard');
    expect(res.body.state).toBe(200);
    const d = res.body;
    expect(d.generated_at).toBe(NOW.toISOString());

    // coins: 100 test coins given to the buyer (a ledger row at the clock's now), 0.3 earned on 300 gems, 2.5 by staff
    const issuedToday = [
      { reason: 'test_grant', tenths: 1000 },
      { reason: 'admin', tenths: 25 },
      { reason: 'pack_purchase_reward', tenths: 3 },
    ];
    expect(d.today).toEqual({
      date: '2026-11-20',
      gems_sold: [
        { method: 'bank', payments: 1, gems: 3000, yen: 3000 },
        { method: 'card', payments: 1, gems: 1000, yen: 1000 },
      ],
      sold: { payments: 2, gems: 4000, yen: 4000 },
      refunds: { count: 1, yen: 1500 },
      net_yen: 2500,
      gems_spent_on_packs: 300,
      coins_spent_on_packs: 20,
      pack_purchases: 2,
      packs_played: 5,
      coins_issued_tenths: 1028,
      coins_issued_by_reason: issuedToday,
    });
    expect(d.month).toEqual({
      month: '2026-11',
      gems_sold: [
        { method: 'bank', payments: 1, gems: 3000, yen: 3000 },
        { method: 'paypal', payments: 1, gems: 2000, yen: 2000 },
        { method: 'card', payments: 2, gems: 1500, yen: 1550 },
      ],
      sold: { payments: 4, gems: 6500, yen: 6550 },
      refunds: { count: 1, yen: 1500 },
      net_yen: 5050,
      gems_spent_on_packs: 500,
      coins_spent_on_packs: 20,
      pack_purchases: 3,
      packs_played: 7,
      coins_issued_tenths: 1028,
      coins_issued_by_reason: issuedToday,
    });

    expect(d.daily.map((x: { date: string }) => x.date)).toEqual(
      Array.from({ length: 20 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
    );
    const day = (date: string) => d.daily.find((x: { date: string }) => x.date === date);
    expect(day('2026-11-01')).toMatchObject({
      payments: 1,
      gems_sold: 2000,
      yen: 2000,
      gems_spent_on_packs: 0,
    });
    expect(day('2026-11-05')).toMatchObject({ payments: 0, gems_spent_on_packs: 200, packs_played: 2 });
    expect(day('2026-11-19')).toMatchObject({ payments: 1, gems_sold: 500, yen: 550 });
    expect(day('2026-11-20')).toEqual({
      date: '2026-11-20',
      payments: 2,
      gems_sold: 4000,
      yen: 4000,
      gems_spent_on_packs: 300,
      coins_spent_on_packs: 20,
      packs_played: 5,
      coins_issued_tenths: 1028,
    });
    expect(day('2026-11-10')).toMatchObject({
      payments: 0,
      gems_sold: 0,
      packs_played: 0,
      coins_issued_tenths: 0,
    });

    const selling = d.packs_selling.filter((p: { id: number }) =>
      [gemPack.packId, coinPack.packId, paused.packId, soldOut.packId].includes(p.id),
    );
    expect(selling).toEqual([
      expect.objectContaining({
        id: gemPack.packId,
        payment_method: 1,
        total: 10,
        sold: 7,
        remaining: 3,
        sold_today: 3,
        sold_this_month: 5,
        paused: false,
      }),
      expect.objectContaining({
        id: coinPack.packId,
        payment_method: 2,
        total: 5,
        sold: 2,
        remaining: 3,
        sold_today: 2,
        sold_this_month: 2,
      }),
      expect.objectContaining({ id: paused.packId, sold: 0, remaining: 4, sold_today: 0, paused: true }),
    ]);
    expect(d.packs_selling).toHaveLength(3); // nothing else is on sale in this database

    expect(d.shipments_waiting).toEqual({
      batches: 3,
      items: 7,
      oldest_at: daysAgo(20),
      by_age: [
        { age: 'under_7_days', batches: 1, items: 2 },
        { age: 'days_7_to_14', batches: 1, items: 1 },
        { age: 'over_14_days', batches: 1, items: 4 },
      ],
    });
    expect(d.bank_transfers_pending).toEqual({
      count: 2,
      yen: 6000,
      gems: 6000,
      oldest_at: '2026-11-18T00:00:00.000Z',
    });
    expect(d.posts_pending).toEqual({ count: 2, oldest_at: daysAgo(2) });
  });

  it('on the 1st of a month at 00:00 JST the month has one day, and yesterday belongs to the month before', async () => {
    t.clock.current = new Date('2026-11-30T15:00:00.000Z'); // 1 Dec, 00:00 JST
    try {
      const res = await (await staffClient(t, 'support')).get('/admin/dashboard');
      expect(res.body).toMatchObject({
        state: 200,
        today: { date: '2026-12-01', sold: { payments: 0 } },
        month: { month: '2026-12', sold: { payments: 0 }, gems_spent_on_packs: 0 },
      });
      expect(res.body.daily.map((x: { date: string }) => x.date)).toEqual(['2026-12-01']);
    } finally {
      t.clock.current = new Date(NOW);
    }
  });
});
