import { describe, expect, it } from 'vitest';
import { purchaseDbModes, type TestClient } from './helpers.ts';
import {
  createInterleavingTestApp,
  createMembers,
  createPack,
  loginAs,
  memberClient,
  presell,
} from './draw-factories.ts';

/**
 * The contended path, run for real through the envelope with app.inject and Promise.all. better-sqlite3 answers
 * synchronously, so plain inject would run one whole request after another; the app's database here yields to
 * the event loop after every query (YieldEveryQuery), so requests interleave at every await — the test checks
 * that they did (inFlight.max). On PostgreSQL they also run on a pool of 10 connections in parallel.
 */
describe.each(purchaseDbModes)('many members at once on one pack ($name)', async ({ writeWorker }) => {
  const t = await createInterleavingTestApp({}, { writeWorker });
  const db = t.db;
  const now = () => t.clock.now().toISOString();

  async function loginMany(ids: number[]): Promise<TestClient[]> {
    const clients: TestClient[] = [];
    for (const id of ids) {
      const c = t.client();
      await loginAs(db, c, id);
      clients.push(c);
    }
    return clients;
  }

  async function balances(ids: number[]) {
    const rows = await db
      .selectFrom('gem_lots')
      .select((eb) => ['user_id', eb.fn.sum<number>('remaining').as('b')])
      .where('user_id', 'in', ids)
      .where('expires_at', '>', now())
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.b)]));
  }

  it('200 buyers, 100 lots left: exactly 100 sold, each position once, no negative balance, the ledgers add up', async () => {
    const { packId, total, prizeIds } = await createPack(db, {
      point: 100,
      prizes: [
        { quantity: 90, buy_point: 10 },
        { quantity: 60, buy_point: 40, rarity: 3 },
        { quantity: 1, buy_point: 3000, is_last_one: true, rarity: 7 },
      ],
    });
    expect(total).toBe(150);
    await presell(db, packId, 50);
    const start = 250;
    const ids: number[] = [];
    for (let rank = 1; rank <= 5; rank++) ids.push(...(await createMembers(db, 40, { gems: start, rank })));
    const poorIds = await createMembers(db, 10, { gems: 50 }); // cannot pay, must change nothing
    const clients = await loginMany([...ids, ...poorIds]);

    t.inFlight.max = 0;
    const t0 = performance.now();
    const answers = await Promise.all(clients.map((c) => c.post('/user/pack/buy', { packId, count: '1' })));
    const ms = performance.now() - t0;
    expect(t.inFlight.max).toBeGreaterThan(50); // the requests really were in progress together
    console.log(
      `200 + 10 concurrent buyers: ${ms.toFixed(0)} ms, up to ${t.inFlight.max} requests in progress at once`,
    );

    const states = answers.map((a) => a.body.state);
    const ok = answers.filter((a) => a.body.state === 200);
    expect(ok).toHaveLength(100);
    expect(states.filter((s) => s === 409)).toHaveLength(
      answers.length - 100 - states.filter((s) => s === 400).length,
    );
    for (const a of answers) {
      if (a.body.state === 409) expect(a.body.reason).toBe('pack_sold_out');
      if (a.body.state === 400) expect(a.body.reason).toBe('not_enough_gems');
      expect([200, 400, 409]).toContain(a.body.state);
    }
    // the poor members never bought
    const poorAnswers = answers.slice(ids.length);
    expect(poorAnswers.every((a) => a.body.state !== 200)).toBe(true);

    const pack = await db.selectFrom('packs').selectAll().where('id', '=', packId).executeTakeFirstOrThrow();
    expect(pack.sold_count).toBe(150);
    const lots = await db.selectFrom('pack_lots').selectAll().where('pack_id', '=', packId).execute();
    // the purchases' ranges tile the sold positions 0…149 exactly once (the first 50 were presold)
    const ranges = await db
      .selectFrom('pack_purchases')
      .select(['id', 'first_position', 'count'])
      .where('pack_id', '=', packId)
      .orderBy('first_position')
      .execute();
    let next = 0;
    for (const r of ranges) {
      expect(r.first_position).toBe(next);
      next += r.count;
    }
    expect(next).toBe(150);

    const items = await db.selectFrom('won_items').selectAll().where('pack_id', '=', packId).execute();
    const positions = items.filter((i) => i.position !== null).map((i) => i.position!);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => 50 + i));
    // every sold position holds the prize of the published sequence
    const lotAt = new Map(lots.map((l) => [l.position, l]));
    for (const i of items.filter((x) => x.position !== null)) {
      expect(i.prize_id).toBe(lotAt.get(i.position!)!.prize_id);
      const purchase = await db
        .selectFrom('pack_purchases')
        .select(['user_id', 'first_position', 'count'])
        .where('id', '=', i.purchase_id)
        .executeTakeFirstOrThrow();
      expect(purchase.user_id).toBe(i.user_id);
      expect(i.position!).toBeGreaterThanOrEqual(purchase.first_position);
      expect(i.position!).toBeLessThan(purchase.first_position + purchase.count);
    }
    // one last-one prize, to the buyer of position 149
    const lastOne = items.filter((i) => i.is_last_one);
    expect(lastOne).toHaveLength(1);
    expect(lastOne[0]!.prize_id).toBe(prizeIds[2]);
    expect(lastOne[0]!.user_id).toBe(items.find((i) => i.position === 149)!.user_id);

    // money: per member, balance = start − paid ≥ 0, the ledger's last balance matches, Σ debits = Σ prices
    const purchases = await db
      .selectFrom('pack_purchases')
      .selectAll()
      .where('pack_id', '=', packId)
      .where('price_paid', '>', 0)
      .execute();
    expect(purchases).toHaveLength(100);
    expect(new Set(purchases.map((p) => p.first_position)).size).toBe(100);
    expect(new Set(purchases.map((p) => p.user_id)).size).toBe(100);
    const bal = await balances([...ids, ...poorIds]);
    const paidBy = new Map(purchases.map((p) => [p.user_id, p.price_paid]));
    for (const id of ids) {
      const b = bal.get(id) ?? 0;
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBe(start - (paidBy.get(id) ?? 0));
    }
    for (const id of poorIds) expect(bal.get(id)).toBe(50);
    const prices = { 1: 100, 2: 100, 3: 97, 4: 95, 5: 90 } as Record<number, number>;
    const users = await db.selectFrom('users').select(['id', 'rank']).where('id', 'in', ids).execute();
    const rankOf = new Map(users.map((u) => [u.id, u.rank]));
    for (const p of purchases) expect(p.price_paid).toBe(prices[rankOf.get(p.user_id)!]);

    const sumPaid = purchases.reduce((s, p) => s + p.price_paid, 0);
    const debited = ids.length * start - ids.reduce((s, id) => s + (bal.get(id) ?? 0), 0);
    expect(debited).toBe(sumPaid);
    const ledger = await db
      .selectFrom('gem_ledger')
      .select(['user_id', 'delta', 'reason', 'reference', 'balance_after'])
      .where('user_id', 'in', [...ids, ...poorIds])
      .orderBy('id')
      .execute();
    const spendRows = ledger.filter((l) => l.reason === 'pack_purchase');
    expect(spendRows).toHaveLength(100);
    expect(-spendRows.reduce((s, l) => s + l.delta, 0)).toBe(sumPaid);
    const lastBalance = new Map<number, number>();
    for (const l of ledger) lastBalance.set(l.user_id, l.balance_after);
    for (const id of [...ids, ...poorIds]) expect(lastBalance.get(id)).toBe(bal.get(id) ?? 0);
    const lotsNegative = await db.selectFrom('gem_lots').select('id').where('remaining', '<', 0).execute();
    expect(lotsNegative).toHaveLength(0);
  });

  it('one member double-clicking 10 times with gems for 3: exactly 3 bought, balance 0, never below', async () => {
    const { packId } = await createPack(db, { point: 100, prizes: [{ quantity: 50 }] });
    const { userId, client } = await memberClient(t, { gems: 300 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post('/user/pack/buy', { packId, count: '1' })),
    );
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.reason === 'not_enough_gems')).toHaveLength(7);
    const b = await balances([userId]);
    expect(b.get(userId)).toBe(0);
    const pack = await db
      .selectFrom('packs')
      .select('sold_count')
      .where('id', '=', packId)
      .executeTakeFirstOrThrow();
    expect(pack.sold_count).toBe(3);
  });

  it('a limited pack raced by one member: never more plays than limit_count', async () => {
    const { packId } = await createPack(db, {
      point: 1,
      can_limit: true,
      limit_count: 4,
      prizes: [{ quantity: 50 }],
    });
    const { userId, client } = await memberClient(t, { gems: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/user/pack/buy', { packId, count: '2' })),
    );
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(2);
    const plays = await db
      .selectFrom('pack_purchases')
      .select((eb) => eb.fn.sum<number>('count').as('n'))
      .where('user_id', '=', userId)
      .where('pack_id', '=', packId)
      .executeTakeFirstOrThrow();
    expect(Number(plays.n)).toBe(4);
  });

  it('200 buyers of 1–3 packs each on 100 lots: sold ≤ 100, positions once, ranges disjoint', async () => {
    const { packId } = await createPack(db, { point: 10, prizes: [{ quantity: 100 }] });
    const ids = await createMembers(db, 200, { gems: 100 });
    const clients = await loginMany(ids);
    const answers = await Promise.all(
      clients.map((c, i) => c.post('/user/pack/buy', { packId, count: String((i % 3) + 1) })),
    );
    const ok = answers.filter((a) => a.body.state === 200);
    const soldByAnswers = ok.reduce((s, a) => s + a.body.count, 0);
    const pack = await db
      .selectFrom('packs')
      .select('sold_count')
      .where('id', '=', packId)
      .executeTakeFirstOrThrow();
    expect(pack.sold_count).toBe(soldByAnswers);
    expect(pack.sold_count).toBeLessThanOrEqual(100);
    expect(pack.sold_count).toBeGreaterThanOrEqual(98); // only a tail smaller than 3 can stay unsold
    const items = await db.selectFrom('won_items').select('position').where('pack_id', '=', packId).execute();
    expect(new Set(items.map((i) => i.position)).size).toBe(items.length);
    expect(items).toHaveLength(soldByAnswers);
    for (const a of answers) {
      if (a.body.state !== 200) expect(['pack_sold_out', 'count_above_remaining']).toContain(a.body.reason);
    }
  });
});
