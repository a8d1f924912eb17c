import type { Clock } from '../../../http/app-deps.ts';
import type { Config, PaymentMethodKey, PaymentProviderName } from '../../../config.ts';
import type { Db } from '../../../db/index.ts';
import { createCarrierProvider } from './carrier.ts';
import { createPaypalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox/adapter.ts';
import { createSandboxGateway, type SandboxGateway, type SandboxGatewayDeps } from './sandbox/gateway.ts';
import { createStripeProvider } from './stripe.ts';

export interface Providers {
  /** The provider serving a payment method, or null when the method is off. */
  forMethod(method: PaymentMethodKey): PaymentProvider | null;
  byName(name: string): PaymentProvider | null;
  /** The sandbox's own side (its pages); null when the sandbox is off. */
  sandbox: SandboxGateway | null;
}

/** Builds the providers the configuration uses (per method, PAYMENT_PROVIDER_*). */
export function createProviders(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  /** How the sandbox delivers its notifications (the app injects them into its own webhook route). */
  deliver?: SandboxGatewayDeps['deliver'];
  log?: SandboxGatewayDeps['log'];
}): Providers {
  const { config, clock } = deps;
  const p = config.payments;
  const tolerance = p.notifyToleranceSeconds;
  const used = new Set(Object.values(p.methods));
  const sandbox = p.sandbox
    ? createSandboxGateway({
        db: deps.db,
        clock,
        secret: p.sandboxSecret,
        publicUrl: config.publicUrl,
        deliver: deps.deliver,
        log: deps.log,
      })
    : null;
  const byName = new Map<PaymentProviderName, PaymentProvider>();
  if (sandbox)
    byName.set(
      'sandbox',
      createSandboxProvider({
        gateway: sandbox,
        secret: p.sandboxSecret,
        clock,
        toleranceSeconds: tolerance,
      }),
    );
  if (used.has('stripe'))
    byName.set('stripe', createStripeProvider({ config: p.stripe, clock, toleranceSeconds: tolerance }));
  if (used.has('paypal'))
    byName.set('paypal', createPaypalProvider({ config: p.paypal, clock, toleranceSeconds: tolerance }));
  if (used.has('carrier'))
    byName.set(
      'carrier',
      createCarrierProvider({
        config: p.carrier,
        publicUrl: config.publicUrl,
        clock,
        toleranceSeconds: tolerance,
      }),
    );
  return {
    forMethod(method) {
      const name = p.methods[method];
      return name === 'none' ? null : (byName.get(name) ?? null);
    },
    byName(name) {
      return byName.get(name as PaymentProviderName) ?? null;
    },
    sandbox,
  };
}
