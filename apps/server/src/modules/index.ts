import type { WriteWorkerOptions } from '@gacha/sqlite-engine/write-worker/client';
import { ApiError } from '../http/api-error.ts';
import type { ModuleDeps } from '../http/module-deps.ts';
import { registerAccountRoutes } from './account/routes.ts';
import { registerPasswordRoutes } from './account/password-routes.ts';
import { registerCouponsRoutes } from './coupons/routes.ts';
import { registerOidcRoutes } from './oidc/routes.ts';
import { registerOutboxRoutes } from './outbox/routes.ts';
import { registerReferralsRoutes } from './referrals/routes.ts';
import { registerSmsRoutes } from './sms/routes.ts';
import { registerAddressRoutes } from './address/routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerDrawsRoutes } from './draws/routes.ts';
import { registerHoldingsRoutes } from './holdings/routes.ts';
import { registerPacksRoutes } from './packs/routes.ts';
import { registerPaymentsRoutes } from './payments/routes.ts';
import { registerShippingRoutes } from './shipping/routes.ts';
import { registerSiteRoutes } from './site/routes.ts';

/** Every feature module's routes, registered in one place. */
export async function registerModules(deps: ModuleDeps): Promise<void> {
  registerSiteRoutes(deps);
  registerAuthRoutes(deps);
  registerAccountRoutes(deps);
  registerAddressRoutes(deps);
  registerPacksRoutes(deps);
  registerDrawsRoutes(deps);
  registerHoldingsRoutes(deps);
  registerShippingRoutes(deps);
  await registerPaymentsRoutes(deps);
  registerPasswordRoutes(deps);
  registerSmsRoutes(deps);
  registerReferralsRoutes(deps);
  registerCouponsRoutes(deps);
  registerOidcRoutes(deps);
  registerOutboxRoutes(deps);
}

/**
 * What the SQLite write worker loads: the modules that define procedures (db/procedures.ts), and the error
 * class their refusals are thrown as. The server opens its database with it (main.ts).
 */
export const writeWorker: WriteWorkerOptions = {
  procedureModules: [new URL('./draws/purchase.ts', import.meta.url).href],
  errorClasses: [ApiError],
};
