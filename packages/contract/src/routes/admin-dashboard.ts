import { defineRoute } from '../route.ts';

/** The console's first page: today and this month (JST), what sells, what waits on staff. */
export const dashboardRoute = defineRoute({
  method: 'GET',
  path: '/admin/dashboard',
  access: 'staff:dashboard.read',
  schemas: () => import('../admin-dashboard.ts').then((m) => ({ answer: m.adminDashboardSchema })),
});
