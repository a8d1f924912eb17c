import type { ModuleDeps } from '../../app.ts';

export function registerPacksRoutes(_deps: ModuleDeps): void {}
