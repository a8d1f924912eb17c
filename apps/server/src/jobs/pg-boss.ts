import PgBoss from 'pg-boss';
import { pgPoolOf } from '../db/index.ts';
import { recordedRun } from '../modules/ops/service.ts';
import type { JobDeps, JobRunner, JobSpec } from './types.ts';

const MINUTE = 60_000;

/** The cron expression of "every `everyMs`": minutes dividing an hour, or hours dividing a day. */
export function cronEvery(everyMs: number): string {
  const minutes = everyMs / MINUTE;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0)
    return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 && 24 % hours === 0)
    return hours === 1 ? '0 * * * *' : hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
  throw new Error(`no cron expression for every ${everyMs} ms`);
}

/** Retries of a failed run: 3 more, after 30 s, 60 s, 120 s. A run that takes longer than 15 minutes fails. */
const QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 900,
} as const;

/**
 * Creates a job's queue unless it exists. pg-boss makes a partition per queue, and two processes starting at once
 * may deadlock on the parent table: PostgreSQL aborts one, which tries again.
 */
async function createQueue(boss: PgBoss, name: string) {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, { name, ...QUEUE_OPTIONS });
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 10 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

export interface PgBossOptions {
  /** How often a process checks the schedules (pg-boss's cronMonitorIntervalSeconds; 30 s). Tests shorten it. */
  cronMonitorIntervalSeconds?: number;
  /** How often an idle worker asks for a job (2 s). */
  pollingIntervalSeconds?: number;
}

/**
 * The scheduled jobs through pg-boss (kept: the maintained PostgreSQL job queue). Every process
 * starts it on the same database and schema (PGBOSS_SCHEMA): each job is a queue with a cron schedule, which
 * pg-boss turns into one job per due time whichever processes look at the clock (one of them per interval,
 * a singleton per minute); the workers of every process take jobs with SKIP LOCKED, so each job runs in one
 * process once; a failure is retried (QUEUE_OPTIONS) and pg-boss keeps the job row (state, output, times)
 * beside our `job_runs` record. The catch-up at start is one job per start minute (singletonKey), not one per
 * process. pg-boss talks through the app's own connection pool.
 */
export async function startPgBossJobs(
  deps: JobDeps,
  specs: JobSpec[],
  opts: PgBossOptions = {},
): Promise<JobRunner> {
  const pool = pgPoolOf(deps.db);
  if (!pool) throw new Error('pg-boss needs a PostgreSQL database');
  const log = deps.log;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema: deps.config.pgBossSchema,
    cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? deps.config.jobsCronCheckSeconds,
    // archived after a day, deleted after a week: a week of job history in pg-boss's tables
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', (err) => log?.error({ err }, 'pg-boss'));
  await boss.start();
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const spec of specs) {
    await createQueue(boss, spec.name);
    // the same row for every process (an upsert on the queue's name). One job per due time: pg-boss dedupes only
    // its cron sends (per minute of the database's clock), not the jobs they make; a singleton per interval on the
    // job itself makes a second one for the same due time a no-op, whatever sent it.
    await boss.schedule(
      spec.name,
      cronEvery(spec.everyMs),
      {},
      { tz: 'UTC', singletonKey: 'due', singletonSeconds: Math.round(spec.everyMs / 1000) },
    );
    await boss.work(
      spec.name,
      { includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (!job) return;
        const started = Date.now();
        try {
          const result = await recordedRun(
            deps.db,
            { name: spec.name, runKey: job.id, attempt: job.retryCount + 1, runner: 'pg-boss' },
            spec.run,
          );
          log?.info(
            { job: spec.name, attempt: job.retryCount + 1, result, ms: Date.now() - started },
            'job done',
          );
          return result;
        } catch (err) {
          log?.error({ job: spec.name, attempt: job.retryCount + 1, err }, 'job failed');
          throw err;
        }
      },
    );
    if (spec.immediate)
      await boss.send(spec.name, { at: 'start' }, { singletonKey: 'start', singletonSeconds: 60 });
  }
  return {
    kind: 'pg-boss',
    async runNow(name) {
      const spec = byName.get(name);
      if (!spec) throw new Error(`no job ${name}`);
      await recordedRun(deps.db, { name, runKey: crypto.randomUUID(), runner: 'command' }, spec.run);
    },
    async stop() {
      // no new jobs; the runs in progress finish (or fail over to a retry after the timeout)
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    },
  };
}
