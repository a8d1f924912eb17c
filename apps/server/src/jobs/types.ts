import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Clock } from '../http/app-deps.ts';
import type { Sessions } from '../http/session.ts';
import type { TransferDeps } from '../modules/transfer/service.ts';
import type { JobLog } from './scheduler.ts';

/** What the scheduled jobs need and what runs them (start.ts decides where, pg-boss.ts or this process's timers). */

export interface JobDeps {
  db: Db;
  config: Config;
  clock?: Clock;
  /** Fastify's logger (app.log) fits. */
  log?: JobLog;
  /** Defaults to the purge of `db`'s sessions. */
  sessions?: Pick<Sessions, 'purgeExpired'>;
  /** The partner of point transfers (modules/transfer transferDeps(app)); none: no reconcile job. */
  transfer?: TransferDeps | null;
}

/** A scheduled job: every `everyMs` (a whole number of minutes dividing an hour, or whole hours up to a day). */
export interface JobSpec {
  name: string;
  everyMs: number;
  /** Also once when the server starts (catching up what a stopped server missed). */
  immediate?: boolean;
  run: () => Promise<unknown>;
}

/** What a module's jobs get: the job deps with the clock settled. */
export type ModuleJobDeps = JobDeps & { clock: Clock };

/** A module's scheduled jobs (modules/<name>/jobs.ts), as its API plugin is its routes (modules/index.ts lists both). */
export type ModuleJobs = (deps: ModuleJobDeps) => JobSpec[];

export interface JobRunner {
  readonly kind: Config['jobs'];
  /** Runs a job now in this process (recorded), for tests and staff commands. */
  runNow(name: string): Promise<void>;
  /** Stops taking jobs and waits for the runs in progress. */
  stop(): Promise<void>;
}
