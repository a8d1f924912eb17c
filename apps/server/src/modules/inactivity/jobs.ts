import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { ModuleJobs } from '../../jobs/types.ts';
import { mailerFor } from '../mail/service.ts';
import { runInactivitySweep, type InactivityResult } from './service.ts';

/** The inactivity sweep, hourly, with the app's mailer. */
export const inactivityJobs: ModuleJobs = (deps) => {
  const sweep = inactivitySweep(deps);
  return [{ name: 'inactivity', everyMs: 60 * 60_000, run: () => sweep(deps.clock.now()) }];
};

function inactivitySweep(deps: {
  db: Db;
  config: Config;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): (now: Date) => Promise<InactivityResult> {
  const log = deps.log;
  const mailer = mailerFor({
    db: deps.db,
    config: deps.config,
    ...(log
      ? {
          log: {
            warn: (o: object, m: string) => log.info(o, m),
            error: (o: object, m: string) => log.error(o, m),
          },
        }
      : {}),
  });
  return (now) => runInactivitySweep({ db: deps.db, mailer }, now);
}
