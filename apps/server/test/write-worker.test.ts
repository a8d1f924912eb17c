import { threadId } from 'node:worker_threads';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/http/api-error.ts';
import { awardGems } from '../src/modules/gems/service.ts';
import { buyPacks } from '../src/modules/draws/service.ts';
import { writeWorkerOf } from '@gacha/sqlite-engine/write-worker/client';
import { defineProcedure } from '../src/db/procedures.ts';
import { createMembers, createPack } from './draw-factories.ts';
import { endTheThread, neverWaitForTheLock, whereAmI } from './fixtures/worker-procedures.ts';
import { freshDb, onPostgres } from './helpers.ts';

const now = new Date('2026-11-20T03:00:00.000Z');
/** Defined here only: the worker does not load this file. */
const unknownToTheWorker = defineProcedure('test.unknownToTheWorker', async () => threadId);
const fixtures = new URL('./fixtures/worker-procedures.ts', import.meta.url).href;

async function soldCount(db: Awaited<ReturnType<typeof freshDb>>, packId: number) {
  const pack = await db
    .selectFrom('packs')
    .select('sold_count')
    .where('id', '=', packId)
    .executeTakeFirstOrThrow();
  return pack.sold_count;
}

async function gemsSpent(db: Awaited<ReturnType<typeof freshDb>>, ids: number[]) {
  const r = await db
    .selectFrom('gem_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('s'))
    .where('user_id', 'in', ids)
    .where('reason', '=', 'pack_purchase')
    .executeTakeFirstOrThrow();
  return -Number(r.s);
}

/** The server's SQLite file with its write worker (db/index.ts openDb({ writeWorker })). */
describe.skipIf(onPostgres)('the SQLite write worker', async () => {
  const db = await freshDb({ writeWorker: true, workerModules: [fixtures] });
  const worker = writeWorkerOf(db)!;

  it('runs a purchase on its own thread, the calls that queued while it worked in one message', async () => {
    expect(await whereAmI(db, {})).not.toBe(threadId);
    const { packId } = await createPack(db, { point: 100, prizes: [{ quantity: 100, buy_point: 10 }] });
    const ids = await createMembers(db, 40, { gems: 300 });
    const before = { ...worker.sent };
    const results = await Promise.all(
      ids.map((userId) => buyPacks(db, { userId, packId, count: 2, lang: 'en' }, now)),
    );
    expect(results.every((r) => r.cards.length === 2 && r.price_paid === 200)).toBe(true);
    expect(worker.sent.calls - before.calls).toBe(40);
    expect(worker.sent.batches - before.batches).toBeLessThan(40);
    expect(await soldCount(db, packId)).toBe(80);
    expect(await gemsSpent(db, ids)).toBe(40 * 200);
    const ids2 = new Set(results.flatMap((r) => r.cards.map((c) => c.history_id)));
    expect(ids2.size).toBe(80);
  });

  it('answers a refusal with the ApiError the member would get without it, and changes nothing', async () => {
    const { packId } = await createPack(db, { point: 100 });
    const [poor] = await createMembers(db, 1, { gems: 50 });
    const err = await buyPacks(db, { userId: poor!, packId, count: 1, lang: 'ja' }, now).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.state).toBe(400);
    expect(err.opts.extra).toEqual({ reason: 'not_enough_gems' });
    const bought = await db.selectFrom('pack_purchases').select('id').where('user_id', '=', poor!).execute();
    expect(bought).toEqual([]);
    expect(await soldCount(db, packId)).toBe(0);
  });

  it("the server's own writes and the worker's never meet SQLite's busy handler", async () => {
    // both connections refuse at once instead of waiting: any overlap of their writes would fail a call
    expect(await neverWaitForTheLock(db, {})).not.toBe(threadId);
    await sql`pragma busy_timeout = 0`.execute(db);
    try {
      const { packId } = await createPack(db, { point: 10, prizes: [{ quantity: 300, buy_point: 1 }] });
      const ids = await createMembers(db, 60, { gems: 100 });
      // the buys go to the worker in batches while this thread writes, one statement after the other
      const buys = ids.map((userId) => buyPacks(db, { userId, packId, count: 3, lang: 'en' }, now));
      const ownWrites = (async () => {
        for (const userId of ids) {
          await db
            .transaction()
            .execute((tx) =>
              awardGems(tx, { userId, amount: 7, kind: 'bonus', source: 'admin', reason: 'test' }, now),
            );
          await db
            .updateTable('users')
            .set({ updated_at: now.toISOString() })
            .where('id', '=', userId)
            .execute();
          await new Promise((r) => setImmediate(r));
        }
      })();
      const settled = await Promise.allSettled([...buys, ownWrites]);
      expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
      expect(await gemsSpent(db, ids)).toBe(60 * 30);
      const lots = await db
        .selectFrom('gem_lots')
        .select((eb) => eb.fn.sum<number>('remaining').as('s'))
        .where('user_id', 'in', ids)
        .executeTakeFirstOrThrow();
      expect(Number(lots.s)).toBe(60 * (100 + 7 - 30));
    } finally {
      await sql`pragma busy_timeout = 5000`.execute(db);
    }
  });

  it('refuses a procedure the worker has not loaded, and goes on working', async () => {
    await expect(unknownToTheWorker(db, {})).rejects.toThrow(/no procedure named test.unknownToTheWorker/);
    expect(await whereAmI(db, {})).not.toBe(threadId);
  });

  // last: it ends the worker
  it('a worker that dies fails the calls it had; later calls run on the server thread', async () => {
    const { packId } = await createPack(db, { point: 100 });
    const [buyer] = await createMembers(db, 1, { gems: 1000 });
    const [lost, alongside] = await Promise.allSettled([
      endTheThread(db, {}),
      buyPacks(db, { userId: buyer!, packId, count: 1, lang: 'en' }, now),
    ]);
    expect(lost.status).toBe('rejected');
    expect(alongside.status === 'fulfilled' || alongside.reason.message === 'the write worker stopped').toBe(
      true,
    );
    expect(await whereAmI(db, {})).toBe(threadId);
    const after = await buyPacks(db, { userId: buyer!, packId, count: 1, lang: 'en' }, now);
    expect(after.cards).toHaveLength(1);
    // whatever happened to the call that was out with the dying one, the books agree with the rows
    const bought = await db
      .selectFrom('pack_purchases')
      .select((eb) => eb.fn.sum<number>('count').as('n'))
      .where('pack_id', '=', packId)
      .executeTakeFirstOrThrow();
    expect(await soldCount(db, packId)).toBe(Number(bought.n));
    expect(await gemsSpent(db, [buyer!])).toBe(100 * Number(bought.n));
  });
});
