import type { ModuleJobs } from '../../jobs/types.ts';
import { expireLots } from './service.ts';

/** Gem lots past their 6 months are zeroed with an 'expired' ledger row each. */
export const gemsJobs: ModuleJobs = ({ db, clock }) => [
  { name: 'gem-lot-expiry', everyMs: 15 * 60_000, immediate: true, run: () => expireLots(db, clock.now()) },
];
