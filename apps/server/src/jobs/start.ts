import type { Clock } from '../http/app-deps.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { purgeExpiredSessions, type Sessions } from '../http/session.ts';
import { purgeLoginThrottles } from '../modules/auth/service.ts';
import { autoConvertJob } from '../modules/holdings/service.ts';
import { gemLotExpiryJob, paymentExpiryJob } from '../modules/payments/jobs.ts';
import { purgeResetCodes } from '../modules/account/password-reset.ts';
import { inactivityJob } from '../modules/inactivity/job.ts';
import { catchUpRollovers } from '../modules/ranks/rollover.ts';
import { reconcileTransfers, type TransferDeps } from '../modules/transfer/service.ts';
import { createScheduler, type JobLog, type Scheduler } from './scheduler.ts';

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

const MINUTE = 60_000;
const silent: JobLog = { info: () => {}, error: () => {} };

/** Starts the background sweeps; call `stop()` on shutdown. main.ts: `const jobs = startJobs({ db, config, log: app.log })`. */
export function startJobs(deps: JobDeps): Scheduler {
  const clock = deps.clock ?? { now: () => new Date() };
  const sessions = deps.sessions ?? { purgeExpired: () => purgeExpiredSessions(deps.db) };
  const scheduler = createScheduler(deps.log ?? silent);

  scheduler.every('session-purge', 15 * MINUTE, () => sessions.purgeExpired(), { immediate: true });
  scheduler.every('login-throttle-purge', 60 * MINUTE, () => purgeLoginThrottles(deps, clock.now()), {
    immediate: true,
  });
  scheduler.every(
    autoConvertJob.name,
    autoConvertJob.everyMs,
    () => autoConvertJob.run({ db: deps.db, clock }),
    {
      immediate: true,
    },
  );
  const inactivity = inactivityJob(deps);
  scheduler.every('inactivity', 60 * MINUTE, () => inactivity(clock.now()));
  scheduler.every('reset-code-purge', 60 * MINUTE, () => purgeResetCodes(deps.db, clock.now()));
  scheduler.every(
    paymentExpiryJob.name,
    paymentExpiryJob.everyMs,
    () => paymentExpiryJob.run({ ...deps, clock }),
    {
      immediate: true,
    },
  );
  scheduler.every(
    gemLotExpiryJob.name,
    gemLotExpiryJob.everyMs,
    () => gemLotExpiryJob.run({ db: deps.db, clock }),
    {
      immediate: true,
    },
  );
  // the monthly rank rollover: checked every minute, so it runs within a minute of 00:00 JST on the 1st, and at
  // start for every month a stopped server missed
  scheduler.every('rank-rollover', MINUTE, () => catchUpRollovers(deps.db, clock.now()), { immediate: true });
  const transfer = deps.transfer;
  if (transfer) {
    scheduler.every('transfer-reconcile', MINUTE, () => reconcileTransfers(transfer, clock.now()), {
      immediate: true,
    });
  }
  return scheduler;
}
