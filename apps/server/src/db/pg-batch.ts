import { sql } from 'kysely';
import type { Db } from './index.ts';
import type { ProcedureBatch } from './procedure-batch.ts';

/**
 * PostgreSQL: the calls of a batched procedure (db/procedures.ts) with the same key — the purchases of one pack
 * — run together in one call of the procedure's server-side function: one round trip, one transaction, one
 * commit (and so one WAL flush) for all of them, as the SQLite write worker does for the whole shop.
 *
 * Per key and process one batch is in flight. A call that finds none starts one at once; calls that arrive
 * while one is in flight wait, and the next batch takes them in arrival order, at most BATCH_MAX_CALLS calls and
 * BATCH_MAX_WEIGHT of weight (lots) — a call heavier than that goes alone. So a caller waits at most for the
 * batch in flight and its own, plus one more batch per BATCH_MAX_CALLS callers queued before it; under the
 * statement timeout (DB_STATEMENT_TIMEOUT_MS) each batch ends within that time.
 *
 * Each caller is answered only after the statement returned, that is after the commit that holds its writes
 * (`synchronous_commit` stays on: an answered purchase is on disk). Each gets its own outcome: its answer, its
 * refusal, or a hand-back that runs the procedure's JavaScript body on its own (what only the live rows decide).
 * A failed statement fails the calls of that batch only; one that PostgreSQL rolled back for a deadlock or a
 * serialization failure is tried once more (nothing of it was written).
 */
export const BATCH_MAX_CALLS = 32;
export const BATCH_MAX_WEIGHT = 3000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBatch = ProcedureBatch<any, any, any, any>;

interface Waiting {
  args: unknown;
  prepared: unknown;
  weight: number;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  running: boolean;
}

const queues = new WeakMap<Db, Map<string, Queue>>();

/** The batches run so far in this process (and the calls in them): what the bench prints. */
export const batchStats = { batches: 0, calls: 0, handedBack: 0, statementMs: 0 };

/** `draws.recordPurchase` → `draws_record_purchase`: the server-side function of a procedure. */
export function functionNameOf(procedure: string): string {
  const name = procedure
    .replace(/\./g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`no function name for procedure ${procedure}`);
  return name;
}

export function runInBatch<A, R>(
  db: Db,
  name: string,
  batch: ProcedureBatch<A, unknown, unknown, R>,
  run: (db: Db, args: A) => Promise<R>,
  args: A,
): Promise<R> {
  let prepared: unknown;
  try {
    prepared = batch.prepare(args);
  } catch (err) {
    return Promise.reject(err);
  }
  if (prepared === undefined) return run(db, args);
  const key = `${name}\u0000${batch.key(args)}`;
  let byKey = queues.get(db);
  if (!byKey) queues.set(db, (byKey = new Map()));
  let queue = byKey.get(key);
  if (!queue) byKey.set(key, (queue = { waiting: [], running: false }));
  const q = queue;
  return new Promise<R>((resolve, reject) => {
    q.waiting.push({
      args,
      prepared,
      weight: batch.weight(args),
      resolve: resolve as (v: unknown) => void,
      reject,
    });
    if (!q.running) void drain(db, name, batch as AnyBatch, run as AnyRun, q, () => byKey.delete(key));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRun = (db: Db, args: any) => Promise<unknown>;

async function drain(db: Db, name: string, batch: AnyBatch, run: AnyRun, q: Queue, forget: () => void) {
  q.running = true;
  try {
    while (q.waiting.length) {
      let n = 0;
      let weight = 0;
      while (
        n < q.waiting.length &&
        n < BATCH_MAX_CALLS &&
        (n === 0 || weight + q.waiting[n]!.weight <= BATCH_MAX_WEIGHT)
      ) {
        weight += q.waiting[n]!.weight;
        n++;
      }
      await runBatch(db, name, batch, run, q.waiting.splice(0, n));
    }
  } finally {
    q.running = false;
    if (!q.waiting.length) forget();
  }
}

const RETRIED = new Set(['40P01', '40001']); // deadlock, serialization failure: rolled back whole

async function runBatch(db: Db, name: string, batch: AnyBatch, run: AnyRun, group: Waiting[]) {
  const payload = JSON.stringify(group.map((w, key) => ({ ...(w.prepared as object), key })));
  const fn = sql.raw(functionNameOf(name));
  let outcomes: { key: number }[];
  const t0 = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await sql<{ out: { key: number }[] }>`select ${fn}(${payload}::jsonb) as out`.execute(db);
      outcomes = r.rows[0]!.out;
      break;
    } catch (err) {
      if (attempt === 1 && RETRIED.has((err as { code?: string }).code ?? '')) continue;
      for (const w of group) w.reject(err);
      return;
    }
  }
  batchStats.statementMs += performance.now() - t0;
  batchStats.batches++;
  batchStats.calls += group.length;
  const byKey = new Map(outcomes.map((o) => [o.key, o]));
  group.forEach((w, key) => {
    const outcome = byKey.get(key);
    let answer: unknown;
    try {
      answer = outcome === undefined ? undefined : batch.settle(w.args, w.prepared, outcome);
    } catch (err) {
      w.reject(err);
      return;
    }
    if (answer !== undefined) return w.resolve(answer);
    // only the whole procedure can decide this one: its own transaction, beside the next batch
    batchStats.handedBack++;
    run(db, w.args).then(w.resolve, w.reject);
  });
}
