import type { ModuleDeps } from '../../app.ts';

export function registerAddressRoutes(_deps: ModuleDeps): void {}
