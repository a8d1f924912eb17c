import type { ModuleJobs } from '../../jobs/types.ts';
import { purgeResetCodes } from './password-reset.ts';

/** Password reset codes past their life are deleted. */
export const accountJobs: ModuleJobs = ({ db, clock }) => [
  { name: 'reset-code-purge', everyMs: 60 * 60_000, run: () => purgeResetCodes(db, clock.now()) },
];
