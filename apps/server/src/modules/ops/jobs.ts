import type { ModuleJobs } from '../../jobs/types.ts';
import { purgeJobRuns } from './service.ts';

const DAY = 24 * 60 * 60_000;

/** The record of job runs is kept 30 days. */
export const opsJobs: ModuleJobs = ({ db, clock }) => [
  {
    name: 'job-runs-purge',
    everyMs: DAY,
    run: () => purgeJobRuns(db, new Date(clock.now().getTime() - 30 * DAY)),
  },
];
