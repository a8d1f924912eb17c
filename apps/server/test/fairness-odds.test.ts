import { describe, expect, it } from 'vitest';
import { canonicalLots } from '@gacha/contract/fairness';
import {
  DRAWN_SHOWN,
  liveOddsSchema,
  oddsDisclosureSchema,
  type LiveOdds,
} from '@gacha/contract/pack-fairness';
import type { Db } from '../src/db/index.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { PackLocked, updatePack } from '../src/modules/packs/staff.ts';
import { createTestApp, purchaseDbModes, type TestClient } from './helpers.ts';
import {
  createInterleavingTestApp,
  createMembers,
  createPack,
  loginAs,
  memberClient,
  presell,
} from './draw-factories.ts';

/** The odds disclosure fixed at publishing, and the live odds of the remaining pool. */

/** What the database says is left, per prize: the lots at positions from sold_count on. */
async function remainingInDb(db: Db, packId: number) {
  const pack = await db
    .selectFrom('packs')
    .select(['sold_count', 'total_pack_count'])
    .where('id', '=', packId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('pack_lots')
    .select((eb) => ['prize_id', eb.fn.countAll<number>().as('n')])
    .where('pack_id', '=', packId)
    .where('position', '>=', pack.sold_count)
    .groupBy('prize_id')
    .execute();
  const won = await db
    .selectFrom('won_items')
    .select((eb) => ['prize_id', eb.fn.countAll<number>().as('n')])
    .where('pack_id', '=', packId)
    .where('position', 'is not', null)
    .groupBy('prize_id')
    .execute();
  return {
    sold: pack.sold_count,
    remaining: pack.total_pack_count - pack.sold_count,
    byPrize: new Map(rows.map((r) => [r.prize_id, Number(r.n)])),
    wonByPrize: new Map(won.map((r) => [r.prize_id, Number(r.n)])),
  };
}

/** Every sum the live odds promise. */
function expectAddsUp(odds: LiveOdds) {
  expect(odds.remaining).toBe(odds.total - odds.sold);
  expect(odds.tiers.reduce((n, t) => n + t.remaining, 0)).toBe(odds.remaining);
  expect(odds.tiers.reduce((n, t) => n + t.total, 0)).toBe(odds.total);
  if (odds.remaining > 0) expect(odds.tiers.reduce((n, t) => n + t.chance, 0)).toBeCloseTo(1, 12);
  for (const t of odds.tiers) expect(t.chance).toBeCloseTo(odds.remaining ? t.remaining / odds.remaining : 0);
  for (const p of odds.top_prizes) {
    expect(p.drawn).toHaveLength(Math.min(DRAWN_SHOWN, p.total - p.remaining));
    for (const d of p.drawn) expect(d.position).toBeLessThan(odds.sold);
    const positions = p.drawn.map((d) => d.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a)); // the latest first
  }
}

describe('the odds disclosure, fixed at publishing', async () => {
  const t = await createTestApp();

  it('lists every tier and prize with quantity and probability, beside the commitment, and never changes', async () => {
    const { packId, prizeIds, cardIds } = await createPack(t.db, {
      prizes: [
        { quantity: 60, rarity: 1 },
        { quantity: 30, rarity: 1 },
        { quantity: 8, rarity: 4 },
        { quantity: 2, rarity: 7 },
        { quantity: 1, rarity: 7, is_last_one: true },
      ],
    });
    const guest = t.client({ lang: 'ja' });
    const r = await guest.get(`/user/pack/disclosure/${packId}`);
    expect(r.body.state).toBe(200);
    const d = oddsDisclosureSchema.parse(r.body);
    const fairness = (await guest.get(`/user/pack/fairness/${packId}`)).body;
    expect(d.commitment).toBe(fairness.commitment);
    expect(d.total).toBe(100);
    expect(d.tiers).toEqual([
      { rarity: 7, rarity_label: 'R7', quantity: 2, probability: 0.02 },
      { rarity: 4, rarity_label: 'R4', quantity: 8, probability: 0.08 },
      { rarity: 1, rarity_label: 'R1', quantity: 90, probability: 0.9 },
    ]);
    expect(d.prizes.map((p) => [p.prize_id, p.quantity, p.probability, p.top])).toEqual([
      [prizeIds[0], 60, 0.6, false],
      [prizeIds[1], 30, 0.3, false],
      [prizeIds[2], 8, 0.08, true],
      [prizeIds[3], 2, 0.02, true],
    ]);
    expect(d.prizes[0]!.name).toMatch(/^カード 0 /); // the member's language
    expect(d.last_one).toMatchObject([{ prize_id: prizeIds[4], quantity: 1, rarity: 7 }]);
    // the canonical list the commitment covers is made of exactly the disclosed quantities
    expect(canonicalLots(d.prizes.map((p) => ({ id: p.prize_id, quantity: p.quantity })))).toEqual(
      fairness.canonical,
    );

    // a card renamed and re-graded later: the disclosure still says what was published
    await t.db
      .updateTable('cards')
      .set({ name_ja: '改名', rarity: 2 })
      .where('id', '=', cardIds[3]!)
      .execute();
    expect((await guest.get(`/user/pack/disclosure/${packId}`)).body).toEqual(r.body);
    // and the pack's column cannot be changed through the packs service
    await expect(updatePack(commandWrite(t.db), packId, { odds_disclosure: '{}' })).rejects.toBeInstanceOf(
      PackLocked,
    );
  });

  it('is 404 for a draft and for no pack; a pack published before migration 018 gets one fixed once', async () => {
    const draft = await createPack(t.db, { publish: false });
    const c = t.client();
    expect((await c.get(`/user/pack/disclosure/${draft.packId}`)).body.state).toBe(404);
    expect((await c.get(`/user/pack/odds/${draft.packId}`)).body.state).toBe(404);
    expect((await c.get(`/user/pack/disclosure/99999999`)).body.state).toBe(404);
    expect((await c.get(`/user/pack/odds/abc`)).body.state).toBe(404);

    const old = await createPack(t.db);
    await t.db.updateTable('packs').set({ odds_disclosure: null }).where('id', '=', old.packId).execute();
    const first = await c.get(`/user/pack/disclosure/${old.packId}`);
    expect(first.body.state).toBe(200);
    expect(first.body.total).toBe(old.total);
    const stored = await t.db
      .selectFrom('packs')
      .select('odds_disclosure')
      .where('id', '=', old.packId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.odds_disclosure!).fixed_at).toBe(first.body.fixed_at);
  });
});

describe('live odds', async () => {
  const t = await createTestApp();

  it('add up after every purchase, follow each top prize to its position and time, and match the database', async () => {
    const { packId, prizeIds } = await createPack(t.db, {
      point: 10,
      prizes: [
        { quantity: 20, rarity: 1 },
        { quantity: 12, rarity: 2 },
        { quantity: 5, rarity: 5 },
        { quantity: 2, rarity: 6 },
        { quantity: 1, rarity: 7 },
        { quantity: 1, rarity: 7, is_last_one: true },
      ],
    });
    const guest = t.client();
    const me = await memberClient(t, { gems: 10_000 });
    let seen: LiveOdds | null = null;
    for (const count of [1, 3, 7, 2, 10, 4, 13]) {
      t.clock.advance(60_000);
      const bought = await me.client.post('/user/pack/buy', { packId, count: String(count) });
      expect(bought.body.state).toBe(200);
      const odds = liveOddsSchema.parse((await guest.get(`/user/pack/odds/${packId}`)).body);
      expectAddsUp(odds);
      const db = await remainingInDb(t.db, packId);
      expect(odds.sold).toBe(db.sold);
      expect(odds.remaining).toBe(db.remaining);
      if (seen) expect(odds.sold).toBe(seen.sold + count); // the memo did not keep the old answer
      for (const p of odds.top_prizes) {
        expect(p.remaining).toBe(db.byPrize.get(p.prize_id) ?? 0);
        expect(p.total - p.remaining).toBe(db.wonByPrize.get(p.prize_id) ?? 0);
      }
      seen = odds;
    }
    const final = seen!;
    expect(final.sold).toBe(40);
    expect(final.remaining).toBe(0);
    expect(final.tiers.every((x) => x.chance === 0)).toBe(true);
    expect(final.last_one).toMatchObject([{ prize_id: prizeIds[5], given: true }]);
    // top prizes: the two best rarities (7 and 6), best first; each drawn lot where and when it was won
    expect(final.top_prizes.map((p) => p.prize_id)).toEqual([prizeIds[4], prizeIds[3]]);
    const won = await t.db
      .selectFrom('won_items')
      .select(['position', 'created_at', 'prize_id'])
      .where('pack_id', '=', packId)
      .where('prize_id', 'in', [prizeIds[3]!, prizeIds[4]!])
      .where('position', 'is not', null)
      .orderBy('position')
      .execute();
    expect(final.top_prizes.flatMap((p) => p.drawn).sort((a, b) => a.position - b.position)).toEqual(
      won.map((w) => ({ position: w.position, at: w.created_at })),
    );
  });

  it('answer the chance of each tier and top prize on the next play from what remains', async () => {
    const { packId, prizeIds } = await createPack(t.db, {
      prizes: [
        { quantity: 6, rarity: 1 },
        { quantity: 3, rarity: 4 },
        { quantity: 1, rarity: 7 },
      ],
    });
    const odds = liveOddsSchema.parse((await t.client({ lang: 'ja' }).get(`/user/pack/odds/${packId}`)).body);
    expect(odds).toMatchObject({ total: 10, sold: 0, remaining: 10, revealed: false, last_one: [] });
    expect(odds.tiers).toEqual([
      { rarity: 7, rarity_label: 'R7', total: 1, remaining: 1, chance: 0.1 },
      { rarity: 4, rarity_label: 'R4', total: 3, remaining: 3, chance: 0.3 },
      { rarity: 1, rarity_label: 'R1', total: 6, remaining: 6, chance: 0.6 },
    ]);
    expect(odds.top_prizes).toMatchObject([
      { prize_id: prizeIds[2], total: 1, remaining: 1, chance: 0.1, drawn: [] },
      { prize_id: prizeIds[1], total: 3, remaining: 3, chance: 0.3, drawn: [] },
    ]);
    expect(odds.top_prizes[0]!.name).toMatch(/^カード 2 /);
  });

  it('say revealed once the sale has ended, even with lots left', async () => {
    const { packId } = await createPack(t.db, { end_at: '2026-11-21T00:00:00.000Z' });
    const c = t.client();
    expect((await c.get(`/user/pack/odds/${packId}`)).body.revealed).toBe(false);
    t.clock.advance(2 * 24 * 3600_000);
    try {
      expect((await c.get(`/user/pack/odds/${packId}`)).body.revealed).toBe(true);
    } finally {
      t.clock.advance(-2 * 24 * 3600_000);
    }
  });
});

describe.each(purchaseDbModes)('live odds after a race of 200 buyers ($name)', async ({ writeWorker }) => {
  const t = await createInterleavingTestApp({}, { writeWorker });

  it('match the database: remaining per prize and tier, sums, and every drawn top lot', async () => {
    const { packId } = await createPack(t.db, {
      point: 100,
      prizes: [
        { quantity: 90, rarity: 1 },
        { quantity: 45, rarity: 3 },
        { quantity: 10, rarity: 5 },
        { quantity: 4, rarity: 6 },
        { quantity: 1, rarity: 7 },
        { quantity: 1, rarity: 7, is_last_one: true },
      ],
    });
    await presell(t.db, packId, 30);
    const ids = await createMembers(t.db, 200, { gems: 1000 });
    const clients: TestClient[] = [];
    for (const id of ids) {
      const c = t.client();
      await loginAs(t.db, c, id);
      clients.push(c);
    }
    const watcher = t.client();
    // buyers race for 120 lots while others read the odds
    const answers = await Promise.all([
      ...clients.map((c, i) => c.post('/user/pack/buy', { packId, count: String(1 + (i % 2)) })),
      ...Array.from({ length: 20 }, () => watcher.get(`/user/pack/odds/${packId}`)),
    ]);
    expect(t.inFlight.max).toBeGreaterThan(50);
    for (const a of answers) expect([200, 409, 400]).toContain(a.body.state);

    const odds = liveOddsSchema.parse((await watcher.get(`/user/pack/odds/${packId}`)).body);
    const db = await remainingInDb(t.db, packId);
    expectAddsUp(odds);
    expect(odds.sold).toBe(db.sold);
    expect(db.sold + db.remaining).toBe(150);
    const prizes = await t.db
      .selectFrom('pack_prizes')
      .innerJoin('cards', 'cards.id', 'pack_prizes.card_id')
      .select(['pack_prizes.id', 'cards.rarity'])
      .where('pack_id', '=', packId)
      .where('is_last_one', '=', 0)
      .execute();
    for (const tier of odds.tiers) {
      const inDb = prizes
        .filter((p) => p.rarity === tier.rarity)
        .reduce((n, p) => n + (db.byPrize.get(p.id) ?? 0), 0);
      expect(tier.remaining, `rarity ${tier.rarity}`).toBe(inDb);
    }
    for (const p of odds.top_prizes) expect(p.remaining).toBe(db.byPrize.get(p.prize_id) ?? 0);
    // the won items of the race (positions 30 on) agree with what the odds say was drawn
    const soldInRace = [...db.wonByPrize.values()].reduce((n, x) => n + x, 0);
    expect(soldInRace).toBe(db.sold - 30);
  });
});
