import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { catchUpRollovers, rolloverMonth } from '../src/modules/ranks/rollover.ts';
import { createMember, createMembers, createPack, loginAs } from './draw-factories.ts';
import { recordPackSpend } from './factories.ts';
import { answerOf, createTestApp, onPostgres, runMain } from './helpers.ts';
import { migrate, openDb } from '../src/db/index.ts';
import { main as ranksCommand } from '../scripts/ranks.ts';

/** Ranks that move (the monthly rollover) and rank maintenance paid in coins. */
const t = await createTestApp();
const db = t.db;
const EARLY = new Date('2026-08-01T00:00:00.000Z'); // members who existed before the months under test

const rankOf = async (id: number) =>
  (await db.selectFrom('users').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank;
const monthRow = (id: number, month: string) =>
  db
    .selectFrom('rank_months')
    .selectAll()
    .where('user_id', '=', id)
    .where('month', '=', month)
    .executeTakeFirst();

describe('the monthly rank rollover', () => {
  it('counts spend by the JST month: 23:59:59 JST on the 31st for October, 00:00:00 for November', async () => {
    const [late, early] = await createMembers(db, 2, { gemsAt: EARLY });
    // 2026-10-31 23:59:59 JST = 14:59:59Z; 2026-11-01 00:00:00 JST = 15:00:00Z
    await recordPackSpend(db, late!, 200_001, '2026-10-31T14:59:59.000Z');
    await recordPackSpend(db, early!, 200_001, '2026-10-31T15:00:00.000Z');
    await rolloverMonth(db, '2026-11', t.clock.now());
    expect(await rankOf(late!)).toBe(3); // Silver in November
    expect(await rankOf(early!)).toBe(1); // that spend counts for November: White
    expect(await monthRow(late!, '2026-11')).toMatchObject({ rank: 3, spend: 200_001, how: 'spend' });
  });

  it('200,001 gems in October → Silver with 3% off in November; 200,000 → Bronze', async () => {
    const [silver, bronze] = await createMembers(db, 2, { gemsAt: EARLY, gems: 10_000 });
    await recordPackSpend(db, silver!, 200_001, '2026-10-10T00:00:00.000Z');
    await recordPackSpend(db, bronze!, 200_000, '2026-10-10T00:00:00.000Z');
    await rolloverMonth(db, '2026-11', t.clock.now());
    expect([await rankOf(silver!), await rankOf(bronze!)]).toEqual([3, 2]);

    // the purchase discount and the member's detail read the new rank
    const { packId } = await createPack(db, { point: 1000 });
    const c = t.client();
    await loginAs(db, c, silver!);
    const check = await c.post('/user/pack/check', { packId, count: '1' });
    expect(check.body).toMatchObject({ state: 200, discount_percent: 3, price: 970 });
    const detail = await c.get('/user/detail');
    expect(detail.body).toMatchObject({ rank: 3, rank_name: 'Silver', rank_coin: 500 });
  });

  it('run twice, or by two processes at once: one row per member and month, the same ranks', async () => {
    const ids = await createMembers(db, 30, { gemsAt: EARLY });
    for (const [i, id] of ids.entries())
      await recordPackSpend(db, id, i * 40_000, '2026-09-15T00:00:00.000Z');
    const [a, b] = await Promise.all([
      rolloverMonth(db, '2026-10', t.clock.now(), 7),
      rolloverMonth(db, '2026-10', t.clock.now(), 11),
    ]);
    expect(a.written + b.written).toBeGreaterThanOrEqual(ids.length);
    const after = await Promise.all(ids.map(rankOf));
    const again = await rolloverMonth(db, '2026-10', t.clock.now());
    expect(again.written).toBe(0);
    expect(await Promise.all(ids.map(rankOf))).toEqual(after);
    const rows = await db
      .selectFrom('rank_months')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('month', '=', '2026-10')
      .where('user_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(ids.length);
    expect(after.slice(0, 3)).toEqual([1, 1, 2]); // 0, 40,000, 80,000 gems
  });

  it('a paid maintenance keeps the rank when the spend would drop it; a higher spend still wins', async () => {
    const [kept, climbed] = await createMembers(db, 2, { gemsAt: EARLY, rank: 4 });
    await db
      .updateTable('users')
      .set({ rank_maintained_month: '2026-11' })
      .where('id', 'in', [kept!, climbed!])
      .execute();
    await recordPackSpend(db, climbed!, 3_000_001, '2026-10-05T00:00:00.000Z');
    await rolloverMonth(db, '2026-11', t.clock.now());
    expect(await monthRow(kept!, '2026-11')).toMatchObject({ rank: 4, how: 'maintained' });
    expect(await monthRow(climbed!, '2026-11')).toMatchObject({ rank: 5, how: 'spend' });
  });

  it('a server that was down catches up every missed month at start, in order', async () => {
    const t2 = await createTestApp();
    const [m] = await createMembers(t2.db, 1, { gemsAt: EARLY });
    await recordPackSpend(t2.db, m!, 600_000, '2026-09-10T00:00:00.000Z'); // Gold for October
    await recordPackSpend(t2.db, m!, 60_000, '2026-10-10T00:00:00.000Z'); // Bronze for November
    await t2.db.deleteFrom('rank_rollovers').execute();
    await t2.db
      .insertInto('rank_rollovers')
      .values({
        month: '2026-09',
        members: 0,
        started_at: EARLY.toISOString(),
        finished_at: EARLY.toISOString(),
      })
      .execute();
    const ran = await catchUpRollovers(t2.db, new Date('2026-11-02T00:00:00.000Z'));
    expect(ran.map((r) => r.month)).toEqual(['2026-10', '2026-11']);
    const months = await t2.db
      .selectFrom('rank_months')
      .select(['month', 'rank'])
      .where('user_id', '=', m!)
      .orderBy('month')
      .execute();
    expect(months).toEqual([
      { month: '2026-10', rank: 4 },
      { month: '2026-11', rank: 2 },
    ]);
    expect(await catchUpRollovers(t2.db, new Date('2026-11-02T00:05:00.000Z'))).toEqual([]);
  });

  it.skipIf(onPostgres)('a command runs the rollover for a given month', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-ranks-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      const [m] = await createMembers(fileDb, 1, { gemsAt: new Date('2026-05-01T00:00:00.000Z') });
      await recordPackSpend(fileDb, m!, 500_001, '2026-06-10T00:00:00.000Z');
      await fileDb.destroy();
      const run = (...args: string[]) => runMain(ranksCommand, args, file);
      expect(answerOf(await run('rollover', '--month', '2026-07'))).toMatchObject({
        month: '2026-07',
        written: 1,
      });
      expect(answerOf(await run('rollover', '--month', '2026-07'))).toMatchObject({ written: 0 });
      expect(answerOf(await run('history', String(m)))).toEqual([
        { month: '2026-07', rank: 4, spend: 500_001, how: 'spend' },
      ]);
      expect((await run('rollover', '--month', '2026-13')).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /user/buy_rank', () => {
  const coinsOf = async (id: number) =>
    (await db.selectFrom('users').select('coin_tenths').where('id', '=', id).executeTakeFirstOrThrow())
      .coin_tenths;
  const ledger = (id: number) =>
    db
      .selectFrom('coin_ledger')
      .selectAll()
      .where('user_id', '=', id)
      .where('reason', '=', 'rank_maintenance')
      .execute();

  it('a Silver member whose spend would not keep the rank pays 500 coins once and keeps Silver next month', async () => {
    const id = await createMember(db, { rank: 3, coinTenths: 6000 });
    const c = t.client();
    await loginAs(db, c, id);
    const before = await c.get('/user/detail');
    expect(before.body).toMatchObject({ is_rank_maintained: true, rank_coin: 500, next_month: 1 });
    const res = await c.post('/user/buy_rank', { coin: 500, next_month_rank: 3 });
    expect(res.body).toMatchObject({ state: 200, result: '1', next_month: 3, coin: 100 });
    expect(await coinsOf(id)).toBe(1000);
    expect(await ledger(id)).toHaveLength(1);
    const after = await c.get('/user/detail');
    expect(after.body).toMatchObject({ is_rank_maintained: false, next_month: 3, next_month_name: 'Silver' });
    const again = await c.post('/user/buy_rank', { coin: 500, next_month_rank: 3 });
    expect(again.body).toMatchObject({ state: 400 });
    expect(again.body.error_codes.count).toBe('rank_already_maintained');
    expect(await coinsOf(id)).toBe(1000);
  });

  it('sent twice at once: one debit', async () => {
    const id = await createMember(db, { rank: 4, coinTenths: 100_000 });
    const c = t.client();
    await loginAs(db, c, id);
    const [a, b] = await Promise.all([
      c.post('/user/buy_rank', { coin: 3000, next_month_rank: 4 }),
      c.post('/user/buy_rank', { coin: 3000, next_month_rank: 4 }),
    ]);
    expect([a.body.state, b.body.state].sort()).toEqual([200, 400]);
    expect(await coinsOf(id)).toBe(70_000);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('refuses with errors.count and takes nothing: White, short of coins, a wrong amount or rank', async () => {
    const white = await createMember(db, { rank: 1, coinTenths: 100_000 });
    const poor = await createMember(db, { rank: 5, coinTenths: 49_990 });
    const gold = await createMember(db, { rank: 4, coinTenths: 100_000 });
    const cases: [number, object, string][] = [
      [white, { coin: 500, next_month_rank: 3 }, message('rank_not_eligible', 'ja')],
      [poor, { coin: 5000, next_month_rank: 5 }, 'コインが不足しています'],
      [gold, { coin: 500, next_month_rank: 4 }, message('rank_mismatch', 'ja')],
      [gold, { coin: 3000, next_month_rank: 5 }, message('rank_mismatch', 'ja')],
    ];
    for (const [id, payload, text] of cases) {
      const c = t.client({ lang: 'ja' });
      await loginAs(db, c, id);
      const before = await coinsOf(id);
      const res = await c.post('/user/buy_rank', payload);
      expect(res.body.state, JSON.stringify(payload)).toBe(400);
      expect(res.body.errors.count).toEqual([text]);
      expect(await coinsOf(id)).toBe(before);
      expect(await ledger(id)).toHaveLength(0);
    }
    const poorEn = t.client({ lang: 'en' });
    await loginAs(db, poorEn, poor);
    expect(
      (await poorEn.post('/user/buy_rank', { coin: 5000, next_month_rank: 5 })).body.errors.count,
    ).toEqual(['Not enough coins']);
  });

  it('a Gold member whose spend keeps Gold is not offered maintenance', async () => {
    const id = await createMember(db, { rank: 4, coinTenths: 100_000, gemsAt: EARLY });
    await recordPackSpend(db, id, 600_000, '2026-11-05T00:00:00.000Z');
    const c = t.client();
    await loginAs(db, c, id);
    const res = await c.post('/user/buy_rank', { coin: 3000, next_month_rank: 4 });
    expect(res.body.error_codes.count).toBe('rank_not_eligible');
  });

  it('bad input is a 400 and a guest a 401, nothing taken', async () => {
    const id = await createMember(db, { rank: 3, coinTenths: 10_000 });
    const c = t.client();
    await loginAs(db, c, id);
    for (const payload of [
      {},
      { coin: 'x', next_month_rank: 3 },
      { coin: 500, next_month_rank: -1 },
      { coin: 500, next_month_rank: 3, extra: 1 },
    ]) {
      expect((await c.post('/user/buy_rank', payload)).body.state, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.client().post('/user/buy_rank', { coin: 500, next_month_rank: 3 })).body.state).toBe(401);
    expect(await coinsOf(id)).toBe(10_000);
  });
});
