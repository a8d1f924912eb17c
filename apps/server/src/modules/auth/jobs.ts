import type { ModuleJobs } from '../../jobs/types.ts';
import { purgeLoginThrottles } from './service.ts';

/** Sign-in throttles past their block are deleted. */
export const authJobs: ModuleJobs = (deps) => [
  {
    name: 'login-throttle-purge',
    everyMs: 60 * 60_000,
    immediate: true,
    run: () => purgeLoginThrottles(deps, deps.clock.now()),
  },
];
