import type { ModuleJobs } from '../../jobs/types.ts';
import { runAutoConvert } from './service.ts';

/** Job descriptor for the server's scheduler (jobs/): the auto-convert sweep once a minute. */
export const holdingsJobs: ModuleJobs = ({ db, clock }) => [
  { name: 'auto-convert', everyMs: 60_000, immediate: true, run: () => runAutoConvert(db, clock.now()) },
];
