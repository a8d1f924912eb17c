import type { ModuleDeps } from '../app.ts';
import { registerAccountRoutes } from './account/routes.ts';
import { registerAddressRoutes } from './address/routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerPacksRoutes } from './packs/routes.ts';

/** Every feature module's routes, registered in one place. */
export async function registerModules(deps: ModuleDeps): Promise<void> {
  registerAuthRoutes(deps);
  registerAccountRoutes(deps);
  registerAddressRoutes(deps);
  registerPacksRoutes(deps);
}
