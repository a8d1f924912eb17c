import type { ModuleDeps } from '../../app.ts';

export function registerAccountRoutes(_deps: ModuleDeps): void {}
