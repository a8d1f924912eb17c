import { defineRoute } from '../route.ts';

/** The accounts (accounting.read): a period's figures, the prepaid liability on a day, the prepaid report. */
const schemas = () => import('../admin-accounting.ts');

export const accountsRoute = defineRoute({
  method: 'GET',
  path: '/admin/accounting',
  access: 'staff:accounting.read',
  schemas: () =>
    schemas().then((m) => ({ query: m.adminAccountingQuerySchema, answer: m.adminAccountingSchema })),
});

export const liabilityRoute = defineRoute({
  method: 'GET',
  path: '/admin/accounting/liability',
  access: 'staff:accounting.read',
  schemas: () =>
    schemas().then((m) => ({ query: m.adminLiabilityQuerySchema, answer: m.adminLiabilitySchema })),
});

export const prepaidReportRoute = defineRoute({
  method: 'GET',
  path: '/admin/accounting/prepaid',
  access: 'staff:accounting.read',
  schemas: () =>
    schemas().then((m) => ({ query: m.adminPrepaidQuerySchema, answer: m.adminPrepaidReportSchema })),
});
