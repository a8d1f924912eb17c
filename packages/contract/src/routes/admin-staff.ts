import { defineRoute } from '../route.ts';

/** Staff accounts from the console (owners: staff.manage): the list, a new account, a change, a second factor reset. */
const schemas = () => import('../admin.ts');

export const staffListRoute = defineRoute({
  method: 'GET',
  path: '/admin/staff',
  access: 'staff:staff.manage',
  schemas: () => schemas().then((m) => ({ query: m.adminStaffQuerySchema, answer: m.adminStaffListSchema })),
});

export const addStaffRoute = defineRoute({
  method: 'POST',
  path: '/admin/staff',
  access: 'staff:staff.manage',
  schemas: () =>
    schemas().then((m) => ({ body: m.adminStaffCreateSchema, answer: m.adminStaffCreatedSchema })),
});

export const changeStaffRoute = defineRoute({
  method: 'POST',
  path: '/admin/staff/:id',
  access: 'staff:staff.manage',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminStaffParamsSchema,
      body: m.adminStaffUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const resetSecondFactorRoute = defineRoute({
  method: 'POST',
  path: '/admin/staff/:id/reset-2fa',
  access: 'staff:staff.manage',
  schemas: () => schemas().then((m) => ({ params: m.adminStaffParamsSchema, answer: m.adminIdAnswerSchema })),
});
