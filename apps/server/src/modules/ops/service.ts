import { hostname } from 'node:os';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/time.ts';
import {
  gemCredits,
  gemsCredited,
  imagesDecoded,
  jobDuration,
  jobRuns,
  packPurchases,
  packsSold,
} from './metrics.ts';

/**
 * Operations: the record of job runs (the `job_runs` table), the counters other modules report to
 * (metrics.ts), and the process's lifecycle that the readiness endpoint reads (routes.ts).
 */

/** This process, as job runs and logs name it. */
export const processName = `${hostname()}:${process.pid}`;

/** A pack purchase succeeded: `count` packs for `currency` (gem, coin). */
export function countPurchase(currency: string, count: number): void {
  packPurchases.inc({ currency });
  packsSold.inc({ currency }, count);
}

/** A payment credited its gems (once per payment). */
export function countCredit(gems: number): void {
  gemCredits.inc();
  gemsCredited.inc(gems);
}

/** An uploaded image is about to be decoded (members' board posts, or the console's pictures). */
export function countImageDecode(by: 'board' | 'console'): void {
  imagesDecoded.inc({ by });
}

/** Images decoded so far in this process by `by` (what the board's tests watch). */
export async function imagesDecodedSoFar(by: 'board' | 'console'): Promise<number> {
  const { values } = await imagesDecoded.get();
  return values.find((v) => v.labels.by === by)?.value ?? 0;
}

export interface JobRunStart {
  name: string;
  runKey: string;
  attempt?: number;
  runner: 'pg-boss' | 'local' | 'command';
}

/**
 * Runs `fn` as one recorded run of a job: a `running` row first, then `ok` with the result or `failed` with the
 * error (rethrown, so the runner can retry). A record that cannot be written does not stop the job.
 */
export async function recordedRun<T>(db: Db, run: JobRunStart, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const id = await db
    .insertInto('job_runs')
    .values({
      name: run.name,
      run_key: run.runKey,
      attempt: run.attempt ?? 1,
      runner: run.runner,
      process: processName,
      started_at: nowIso(),
      status: 'running',
      finished_at: null,
      result: null,
      error: null,
    })
    .returning('id')
    .executeTakeFirst()
    .then(
      (r) => r?.id,
      () => undefined,
    );
  const finish = async (status: 'ok' | 'failed', result: string | null, error: string | null) => {
    jobRuns.inc({ job: run.name, status });
    jobDuration.observe({ job: run.name }, (performance.now() - started) / 1000);
    if (id === undefined) return;
    await db
      .updateTable('job_runs')
      .set({ status, result, error, finished_at: nowIso() })
      .where('id', '=', id)
      .execute()
      .catch(() => {});
  };
  try {
    const result = await fn();
    await finish('ok', result === undefined ? null : JSON.stringify(result).slice(0, 2000), null);
    return result;
  } catch (err) {
    await finish(
      'failed',
      null,
      String(err instanceof Error ? (err.stack ?? err.message) : err).slice(0, 2000),
    );
    throw err;
  }
}

export type JobRun = Awaited<ReturnType<typeof jobRunsOf>>[number];

/** The runs of one job (or of all), newest first. */
export async function jobRunsOf(db: Db, opts: { name?: string; since?: string; limit?: number } = {}) {
  let q = db.selectFrom('job_runs').selectAll();
  if (opts.name) q = q.where('name', '=', opts.name);
  if (opts.since) q = q.where('started_at', '>=', opts.since);
  return q
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit ?? 1000)
    .execute();
}

/** Drops the records of runs that started before `before` (kept 30 days by the job of that name). */
export async function purgeJobRuns(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('job_runs').where('started_at', '<', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
