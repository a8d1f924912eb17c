import type { ModuleDeps } from '../app.ts';

/** Every feature module's routes, registered in one place. */
export async function registerModules(deps: ModuleDeps): Promise<void> {
  void deps;
}
