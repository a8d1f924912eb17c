import { defineRoute } from '../route.ts';

/** Point transfer from the linked partner site (spec §7): the link, the status, a transfer. */
const schemas = () => import('../transfer.ts');

export const transferLoginRoute = defineRoute({
  method: 'POST',
  path: '/user/transfer/login',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.transferLoginSchema, answer: m.transferStatusSchema })),
});

export const transferStatusRoute = defineRoute({
  method: 'GET',
  path: '/user/transfer/point',
  access: 'member',
  schemas: () => schemas().then((m) => ({ answer: m.transferStatusSchema })),
});

export const transferPointsRoute = defineRoute({
  method: 'POST',
  path: '/user/transfer/point',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.transferPointSchema, answer: m.transferResultSchema })),
});
