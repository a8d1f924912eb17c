import { dashboardRoute } from '@gacha/contract/routes/admin-dashboard';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { dashboard } from './dashboard.ts';

/** GET /api/admin/dashboard: today and this month (JST), what sells, what waits on staff. */
export const dashboardRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;
  await serve(app, dashboardRoute, async () => dashboard(db, clock.now()));
};
