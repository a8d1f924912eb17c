import type { Clock } from '../../http/app-deps.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { ModuleJobs } from '../../jobs/types.ts';
import { createProviders, type Providers } from './providers/registry.ts';
import { expirePendingPayments } from './expiry.ts';

interface JobContext {
  db: Db;
  config: Config;
  clock: Clock;
}

const providersFor = new WeakMap<Db, Providers>();

/**
 * Convenience store and bank transfer payments unpaid after 3 days (and abandoned redirect / 3-D Secure
 * payments after a day) expire; a provider that says "paid" after all gets the payment credited instead.
 */
export function expirePayments(deps: JobContext) {
  let providers = providersFor.get(deps.db);
  if (!providers) {
    providers = createProviders({ config: deps.config, db: deps.db, clock: deps.clock });
    providersFor.set(deps.db, providers);
  }
  return expirePendingPayments({ ...deps, providers }, deps.clock.now());
}

export const paymentsJobs: ModuleJobs = (deps) => [
  { name: 'payment-expiry', everyMs: 10 * 60_000, immediate: true, run: () => expirePayments(deps) },
];
