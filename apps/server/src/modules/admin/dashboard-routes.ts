import { adminDashboardSchema } from '@gacha/contract/admin-dashboard';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { dashboard } from './dashboard.ts';

/** GET /api/admin/dashboard: today and this month (JST), what sells, what waits on staff. */
export const dashboardRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;
  app.get(
    '/admin/dashboard',
    { schema: { response: okResponse(adminDashboardSchema) }, config: { staff: 'dashboard.read' } },
    async () => dashboard(db, clock.now()),
  );
};
