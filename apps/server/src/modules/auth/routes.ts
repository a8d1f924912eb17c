import type { ModuleDeps } from '../../app.ts';

export function registerAuthRoutes(_deps: ModuleDeps): void {}
