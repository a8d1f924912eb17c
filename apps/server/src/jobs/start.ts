import { purgeExpiredSessions } from '../http/session.ts';
import { purgeLoginThrottles } from '../modules/auth/service.ts';
import { autoConvertJob } from '../modules/holdings/service.ts';
import { gemLotExpiryJob, paymentExpiryJob } from '../modules/payments/jobs.ts';
import { purgeResetCodes } from '../modules/account/password-reset.ts';
import { inactivityJob } from '../modules/inactivity/job.ts';
import { purgeJobRuns, recordedRun } from '../modules/ops/service.ts';
import { catchUpRollovers } from '../modules/ranks/rollover.ts';
import { reconcileTransfers } from '../modules/transfer/service.ts';
import { startPgBossJobs } from './pg-boss.ts';
import { createScheduler, type JobLog, type Scheduler } from './scheduler.ts';
import type { JobDeps, JobRunner, JobSpec } from './types.ts';

export type { JobDeps, JobRunner, JobSpec } from './types.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const silent: JobLog = { info: () => {}, error: () => {} };

/** Every scheduled job of the shop, wherever it runs. */
export function jobSpecs(deps: JobDeps): JobSpec[] {
  const clock = deps.clock ?? { now: () => new Date() };
  const sessions = deps.sessions ?? { purgeExpired: () => purgeExpiredSessions(deps.db) };
  const inactivity = inactivityJob(deps);
  const specs: JobSpec[] = [
    { name: 'session-purge', everyMs: 15 * MINUTE, immediate: true, run: () => sessions.purgeExpired() },
    {
      name: 'login-throttle-purge',
      everyMs: 60 * MINUTE,
      immediate: true,
      run: () => purgeLoginThrottles(deps, clock.now()),
    },
    {
      name: autoConvertJob.name,
      everyMs: autoConvertJob.everyMs,
      immediate: true,
      run: () => autoConvertJob.run({ db: deps.db, clock }),
    },
    { name: 'inactivity', everyMs: 60 * MINUTE, run: () => inactivity(clock.now()) },
    { name: 'reset-code-purge', everyMs: 60 * MINUTE, run: () => purgeResetCodes(deps.db, clock.now()) },
    {
      name: paymentExpiryJob.name,
      everyMs: paymentExpiryJob.everyMs,
      immediate: true,
      run: () => paymentExpiryJob.run({ ...deps, clock }),
    },
    {
      name: gemLotExpiryJob.name,
      everyMs: gemLotExpiryJob.everyMs,
      immediate: true,
      run: () => gemLotExpiryJob.run({ db: deps.db, clock }),
    },
    // the monthly rank rollover: checked every minute, so it runs within a minute of 00:00 JST on the 1st, and at
    // start for every month a stopped server missed
    {
      name: 'rank-rollover',
      everyMs: MINUTE,
      immediate: true,
      run: () => catchUpRollovers(deps.db, clock.now()),
    },
    // the record of job runs is kept 30 days
    {
      name: 'job-runs-purge',
      everyMs: DAY,
      run: () => purgeJobRuns(deps.db, new Date(clock.now().getTime() - 30 * DAY)),
    },
  ];
  const transfer = deps.transfer;
  if (transfer) {
    specs.push({
      name: 'transfer-reconcile',
      everyMs: MINUTE,
      immediate: true,
      run: () => reconcileTransfers(transfer, clock.now()),
    });
  }
  return specs;
}

/**
 * Starts the background jobs in this process's own timers (the embedded SQLite default), each run recorded in
 * `job_runs` and retried twice on failure; call `stop()` on shutdown.
 */
export function startJobs(deps: JobDeps): Scheduler {
  const scheduler = createScheduler(deps.log ?? silent, {
    record: (run, fn) => recordedRun(deps.db, { ...run, runner: 'local' }, fn),
    retries: 2,
    retryDelayMs: 30_000,
  });
  for (const spec of jobSpecs(deps))
    scheduler.every(spec.name, spec.everyMs, spec.run, { immediate: spec.immediate ?? false });
  return scheduler;
}

/**
 * The jobs as configured (JOBS): pg-boss on PostgreSQL (each due time runs once across every process), this
 * process's timers on the embedded SQLite file, or none in this process.
 */
export async function startJobRunner(deps: JobDeps): Promise<JobRunner> {
  const kind = deps.config.jobs;
  if (kind === 'pg-boss') return startPgBossJobs(deps, jobSpecs(deps));
  if (kind === 'local') {
    const scheduler = startJobs(deps);
    return { kind, runNow: (name) => scheduler.runNow(name), stop: () => scheduler.stop() };
  }
  const specs = jobSpecs(deps);
  return {
    kind,
    async runNow(name) {
      const spec = specs.find((s) => s.name === name);
      if (!spec) throw new Error(`no job ${name}`);
      await recordedRun(deps.db, { name, runKey: crypto.randomUUID(), runner: 'command' }, spec.run);
    },
    stop: async () => {},
  };
}
