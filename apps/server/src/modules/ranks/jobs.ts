import type { ModuleJobs } from '../../jobs/types.ts';
import { catchUpRollovers } from './rollover.ts';

/**
 * The monthly rank rollover: checked every minute, so it runs within a minute of 00:00 JST on the 1st, and at
 * start for every month a stopped server missed.
 */
export const ranksJobs: ModuleJobs = ({ db, clock }) => [
  { name: 'rank-rollover', everyMs: 60_000, immediate: true, run: () => catchUpRollovers(db, clock.now()) },
];
