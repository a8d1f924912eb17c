import { purgeExpiredSessions } from '../http/session.ts';
import { jobModules } from '../modules/index.ts';
import { recordedRun } from '../modules/ops/service.ts';
import { startPgBossJobs } from './pg-boss.ts';
import { createScheduler, type JobLog, type Scheduler } from './scheduler.ts';
import type { JobDeps, JobRunner, JobSpec } from './types.ts';

export type { JobDeps, JobRunner, JobSpec } from './types.ts';

const silent: JobLog = { info: () => {}, error: () => {} };

/** Every scheduled job of the shop, wherever it runs: the sessions' purge and each module's jobs. */
export function jobSpecs(deps: JobDeps): JobSpec[] {
  const clock = deps.clock ?? { now: () => new Date() };
  const sessions = deps.sessions ?? { purgeExpired: () => purgeExpiredSessions(deps.db) };
  return [
    { name: 'session-purge', everyMs: 15 * 60_000, immediate: true, run: () => sessions.purgeExpired() },
    ...jobModules.flatMap((jobs) => jobs({ ...deps, clock })),
  ];
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
