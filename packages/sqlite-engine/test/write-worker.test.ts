import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteKysely } from '../src/open.ts';
import { defineProcedure } from '../src/procedures.ts';
import { writeWorkerOf } from '../src/write-worker/client.ts';
import { addTo, endTheThread, neverWaitForTheLock, Refusal, type Counters } from './fixtures/procedures.ts';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Defined here only: the worker does not load this file. */
const unknownToTheWorker = defineProcedure(
  'test.unknownToTheWorker',
  async (_db: Kysely<Counters>) => threadId,
);

async function value(db: Kysely<Counters>, name: string) {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

describe('the write worker', async () => {
  const file = join(dir, 'worker.sqlite');
  const db = openSqliteKysely<Counters>(file, {
    writeWorker: {
      procedureModules: [new URL('./fixtures/procedures.ts', import.meta.url).href],
      errorClasses: [Refusal],
    },
  });
  afterAll(() => db.destroy());
  await sql`create table counters (name text primary key, value integer not null)`.execute(db);
  await db
    .insertInto('counters')
    .values([
      { name: 'a', value: 0 },
      { name: 'b', value: 0 },
    ])
    .execute();
  const worker = writeWorkerOf(db)!;
  expect(await worker.ready).toBe(true);

  it('runs procedures on its own thread, the calls that queued while it worked in one message each', async () => {
    const before = { ...worker.sent };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => addTo(db, { name: 'a', by: 1, max: 1000 })),
    );
    expect(results.every((r) => r.thread !== threadId)).toBe(true);
    expect(worker.sent.calls - before.calls).toBe(50);
    expect(worker.sent.batches - before.batches).toBeLessThan(50);
    expect(await value(db, 'a')).toBe(50);
    expect(new Set(results.map((r) => r.value)).size).toBe(50);
  });

  it('rebuilds a registered error class on the caller’s side, and the refused call changed nothing', async () => {
    const err = await addTo(db, { name: 'b', by: 5, max: 4 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(err).toMatchObject({ code: 409, detail: { reason: 'over' }, message: 'refused 409' });
    expect(await value(db, 'b')).toBe(0);
  });

  it('runs the same procedure on the caller’s thread on a handle without a worker', async () => {
    const plain = openSqliteKysely<Counters>(join(dir, 'plain.sqlite'));
    await sql`create table counters (name text primary key, value integer not null)`.execute(plain);
    await plain.insertInto('counters').values({ name: 'a', value: 0 }).execute();
    expect(await addTo(plain, { name: 'a', by: 2, max: 10 })).toEqual({ value: 2, thread: threadId });
    await plain.destroy();
  });

  it('this connection’s writes and the worker’s never meet SQLite’s busy handler', async () => {
    // both connections refuse at once instead of waiting: any overlap of their writes would fail a call
    expect(await neverWaitForTheLock(db, {})).not.toBe(threadId);
    await sql`pragma busy_timeout = 0`.execute(db);
    try {
      const calls = Array.from({ length: 100 }, () => addTo(db, { name: 'b', by: 1, max: 1000 }));
      const ownWrites = (async () => {
        for (let i = 0; i < 100; i++) {
          await db.transaction().execute((tx) =>
            tx
              .updateTable('counters')
              .set((eb) => ({ value: eb('value', '+', 1) }))
              .where('name', '=', 'b')
              .execute(),
          );
          await new Promise((r) => setImmediate(r));
        }
      })();
      const settled = await Promise.allSettled([...calls, ownWrites]);
      expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
      expect(await value(db, 'b')).toBe(200);
    } finally {
      await sql`pragma busy_timeout = 5000`.execute(db);
    }
  });

  it('refuses a procedure it has not loaded, and goes on working', async () => {
    await expect(unknownToTheWorker(db, {})).rejects.toThrow(/no procedure named test.unknownToTheWorker/);
    expect((await addTo(db, { name: 'a', by: 0, max: 1000 })).thread).not.toBe(threadId);
  });

  // last: it ends the worker
  it('a worker that dies fails the calls it had; later calls run on this thread', async () => {
    const [lost] = await Promise.allSettled([endTheThread(db, {})]);
    expect(lost.status).toBe('rejected');
    expect((await addTo(db, { name: 'a', by: 1, max: 1000 })).thread).toBe(threadId);
  });
});
