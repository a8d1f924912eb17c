import { describe, expect, it } from 'vitest';
import { drawLots } from '@gacha/contract/fairness';
import { message } from '@gacha/contract/messages';
import { practiceResultSchema } from '@gacha/contract/pack-fairness';
import type { Db } from '../src/db/index.ts';
import { purgeThrottles } from '../src/http/throttle.ts';
import { PRACTICE_LIMITS } from '../src/modules/fairness/service.ts';
import { createTestApp, purchaseDbModes, type TestClient } from './helpers.ts';
import {
  createInterleavingTestApp,
  createMembers,
  createPack,
  expectBadInputRefused,
  expectNothingChanged,
  loginAs,
  memberClient,
  snapshot,
} from './draw-factories.ts';

/** The free practice draw — from the remaining pool, with no stock, gems or history. */

/** The remaining pool in the database, as the canonical list the practice draws from. */
async function remainingCanonical(db: Db, packId: number): Promise<number[]> {
  const pack = await db
    .selectFrom('packs')
    .select('sold_count')
    .where('id', '=', packId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('pack_lots')
    .select('prize_id')
    .where('pack_id', '=', packId)
    .where('position', '>=', pack.sold_count)
    .execute();
  return rows.map((r) => r.prize_id).sort((a, b) => a - b);
}

async function cardNames(db: Db, prizeIds: number[]) {
  const rows = await db
    .selectFrom('pack_prizes')
    .innerJoin('cards', 'cards.id', 'pack_prizes.card_id')
    .select(['pack_prizes.id', 'cards.name_en'])
    .where('pack_prizes.id', 'in', prizeIds.length ? prizeIds : [0])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.name_en]));
  return prizeIds.map((id) => byId.get(id));
}

describe('the practice draw', async () => {
  const t = await createTestApp();

  it('draws from the remaining pool with a fresh seed, for a guest, and changes nothing', async () => {
    const { packId } = await createPack(t.db, {
      point: 1,
      prizes: [
        { quantity: 30, rarity: 1 },
        { quantity: 8, rarity: 4 },
        { quantity: 2, rarity: 7 },
      ],
    });
    const buyer = await memberClient(t, { gems: 100 });
    expect((await buyer.client.post('/user/pack/buy', { packId, count: '25' })).body.state).toBe(200);
    const pool = await remainingCanonical(t.db, packId);
    expect(pool).toHaveLength(15);

    const guest = t.client({ ip: '198.51.100.7' });
    const seeds = new Set<string>();
    await expectNothingChanged(t.db, async () => {
      for (let i = 0; i < 5; i++) {
        const r = await guest.post('/user/pack/practice', { packId, count: 10 });
        expect(r.body.state).toBe(200);
        const result = practiceResultSchema.parse(r.body);
        expect(result).toMatchObject({ practice: true, pack_id: packId, count: 10, pool: 15 });
        expect(result.seed).toMatch(/^[0-9a-f]{64}$/);
        seeds.add(result.seed);
        // exactly the lots the documented algorithm draws from this pool with this seed
        const expected = await cardNames(t.db, drawLots(result.seed, pool, 10));
        expect(result.cards.map((c) => c.name)).toEqual(expected);
        expect(result.cards.every((c) => c.is_last_one === '0' && c.action_type === '0')).toBe(true);
      }
    });
    expect(seeds.size).toBe(5);
    // the count is a string of digits too; it is capped at what is left
    const small = await guest.post('/user/pack/practice', { packId: String(packId), count: '1' });
    expect(small.body.cards).toHaveLength(1);
  });

  it('takes the last-one prize along when it draws everything that is left; a coin pack’s cards are ship-only', async () => {
    const { packId } = await createPack(t.db, {
      point: 1,
      payment_method: 2,
      prizes: [
        { quantity: 3, rarity: 2 },
        { quantity: 1, rarity: 7, is_last_one: true },
      ],
    });
    const r = await t.client({ ip: '198.51.100.8' }).post('/user/pack/practice', { packId, count: 10 });
    expect(r.body).toMatchObject({ state: 200, count: 3, pool: 3 });
    expect(r.body.cards.map((c: { is_last_one: string }) => c.is_last_one)).toEqual(['0', '0', '0', '1']);
    expect(r.body.cards.every((c: { action_type: string }) => c.action_type === '2')).toBe(true);
  });

  it('is refused for a sold-out or ended pack, a draft, and bad input — writing nothing', async () => {
    const m = await memberClient(t, { gems: 100, lang: 'ja' });
    const sold = await createPack(t.db, { point: 1, prizes: [{ quantity: 2 }] });
    expect((await m.client.post('/user/pack/buy', { packId: sold.packId, count: '2' })).body.state).toBe(200);
    const ended = await createPack(t.db, { end_at: '2026-11-01T00:00:00.000Z' });
    const draft = await createPack(t.db, { publish: false });
    await expectNothingChanged(t.db, async () => {
      const a = await m.client.post('/user/pack/practice', { packId: sold.packId, count: 1 });
      expect(a.body).toMatchObject({ state: 409, message: message('practice_sold_out', 'ja') });
      const b = await m.client.post('/user/pack/practice', { packId: ended.packId, count: 1 });
      expect(b.body).toMatchObject({ state: 409, message: message('pack_ended', 'ja') });
      expect(
        (await m.client.post('/user/pack/practice', { packId: draft.packId, count: 1 })).body.state,
      ).toBe(404);
      expect((await m.client.post('/user/pack/practice', { packId: 99999999, count: 1 })).body.state).toBe(
        404,
      );
      const many = await m.client.post('/user/pack/practice', { packId: sold.packId, count: 11 });
      expect(many.body).toMatchObject({
        state: 400,
        errors: { count: [message('practice_count_invalid', 'ja')] },
      });
    });
    await expectBadInputRefused(
      t.db,
      m.client,
      '/user/pack/practice',
      { packId: String(sold.packId), count: '1' },
      { packId: { a: 1 }, count: [1] },
    );
  });

  it(`allows ${PRACTICE_LIMITS.perMember} an hour per member and ${PRACTICE_LIMITS.perAddress} per address`, async () => {
    const { packId } = await createPack(t.db, { point: 1, prizes: [{ quantity: 50 }] });
    // a member, from changing addresses
    const m = await memberClient(t, { lang: 'ja' });
    const from = async (userId: number, ip: string, lang?: 'ja') => {
      const c = t.client({ ip, lang });
      await loginAs(t.db, c, userId);
      return c;
    };
    for (let i = 0; i < PRACTICE_LIMITS.perMember; i++) {
      const c = await from(m.userId, `203.0.113.${i}`);
      expect((await c.post('/user/pack/practice', { packId, count: 1 })).body.state, `try ${i}`).toBe(200);
    }
    const elsewhere = await from(m.userId, '203.0.113.200', 'ja');
    const over = await elsewhere.post('/user/pack/practice', { packId, count: 1 });
    expect(over.body.state).toBe(429);
    expect(over.body.message).toBe(message('practice_limit', 'ja', { minutes: 60 }));

    // guests (and members) behind one address
    const address = '192.0.2.44';
    for (let i = 0; i < PRACTICE_LIMITS.perAddress; i++) {
      const c = t.client({ ip: address });
      expect((await c.post('/user/pack/practice', { packId, count: 1 })).body.state, `guest ${i}`).toBe(200);
    }
    const blocked = await t.client({ ip: address }).post('/user/pack/practice', { packId, count: 1 });
    expect(blocked.body.state).toBe(429);
    const member = await memberClient(t);
    const behind = await from(member.userId, address);
    expect((await behind.post('/user/pack/practice', { packId, count: 1 })).body.state).toBe(429);
    expect(
      (await t.client({ ip: '192.0.2.45' }).post('/user/pack/practice', { packId, count: 1 })).body.state,
    ).toBe(200);

    // the login counters' 15-minute purge keeps the hourly counts; an hour later the limits start again
    t.clock.advance(20 * 60_000);
    await purgeThrottles(t.db, t.clock.now(), 15 * 60_000);
    expect(
      (await t.client({ ip: address }).post('/user/pack/practice', { packId, count: 1 })).body.state,
    ).toBe(429);
    t.clock.advance(45 * 60_000);
    await purgeThrottles(t.db, t.clock.now(), 15 * 60_000);
    expect(
      (await t.client({ ip: address }).post('/user/pack/practice', { packId, count: 1 })).body.state,
    ).toBe(200);
    expect((await elsewhere.post('/user/pack/practice', { packId, count: 1 })).body.state).toBe(200);
  });
});

describe.each(purchaseDbModes)('100 practice draws at once ($name)', async ({ writeWorker }) => {
  const t = await createInterleavingTestApp({}, { writeWorker });

  it('change no stock, ledger or history', async () => {
    const { packId } = await createPack(t.db, {
      point: 10,
      prizes: [
        { quantity: 40, rarity: 1 },
        { quantity: 9, rarity: 5 },
        { quantity: 1, rarity: 7 },
        { quantity: 1, rarity: 7, is_last_one: true },
      ],
    });
    const buyers = await createMembers(t.db, 50, { gems: 1000 });
    const clients: TestClient[] = [];
    for (const [i, id] of buyers.entries()) {
      const c = t.client({ ip: `10.1.0.${i}` });
      await loginAs(t.db, c, id);
      clients.push(c);
    }
    for (let i = 0; i < 50; i++) clients.push(t.client({ ip: `10.2.0.${i}` }));
    const before = await snapshot(t.db);
    const throttlesBefore = await t.db.selectFrom('throttles').select('key').execute();

    const answers = await Promise.all(
      clients.map((c) => c.post('/user/pack/practice', { packId, count: 10 })),
    );
    expect(t.inFlight.max).toBeGreaterThan(20);
    expect(answers.map((a) => a.body.state)).toEqual(Array(100).fill(200));
    for (const a of answers) expect(a.body.cards).toHaveLength(10);

    expect(await snapshot(t.db)).toEqual(before);
    // the only rows written are the hourly counters of the limit: one per member and one per address
    const keys = (await t.db.selectFrom('throttles').select('key').execute())
      .map((r) => r.key)
      .filter((k) => !throttlesBefore.some((b) => b.key === k));
    expect(keys).toHaveLength(150);
    expect(keys.every((k) => k.startsWith('hourly:practice:'))).toBe(true);
  });
});
