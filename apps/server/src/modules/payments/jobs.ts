import type { Clock } from '../../http/app-deps.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { expireLots } from '../gems/service.ts';
import { createProviders, type Providers } from './providers/registry.ts';
import { expirePendingPayments } from './expiry.ts';

interface JobContext {
  db: Db;
  config: Config;
  clock?: Clock;
}

const providersFor = new WeakMap<Db, Providers>();

/**
 * Convenience store and bank transfer payments unpaid after 3 days (and abandoned redirect / 3-D Secure
 * payments after a day) expire; a provider that says "paid" after all gets the payment credited instead.
 */
export const paymentExpiryJob = {
  name: 'payment-expiry',
  everyMs: 10 * 60_000,
  run: (deps: JobContext) => {
    const clock = deps.clock ?? { now: () => new Date() };
    let providers = providersFor.get(deps.db);
    if (!providers) {
      providers = createProviders({ config: deps.config, db: deps.db, clock });
      providersFor.set(deps.db, providers);
    }
    return expirePendingPayments({ db: deps.db, config: deps.config, clock, providers }, clock.now());
  },
};

/** Gem lots past their 6 months are zeroed with an 'expired' ledger row each. */
export const gemLotExpiryJob = {
  name: 'gem-lot-expiry',
  everyMs: 15 * 60_000,
  run: (deps: { db: Db; clock?: Clock }) => expireLots(deps.db, deps.clock?.now() ?? new Date()),
};
