import { defineRoute } from '../route.ts';

/** The console's fulfilment: a batch marked shipped with its tracking code, and a shipped batch's code put right. */
const schemas = () =>
  Promise.all([import('../admin-shipping.ts'), import('../draws.ts'), import('../admin.ts')]);

export const shipBatchRoute = defineRoute({
  method: 'POST',
  path: '/admin/shipments/:id/ship',
  access: 'staff:shipping.write',
  schemas: () =>
    schemas().then(([shipping, draws]) => ({
      params: shipping.adminShipmentParamsSchema,
      body: draws.shipSchema,
      answer: draws.adminShipResultSchema,
    })),
});

export const correctTrackingRoute = defineRoute({
  method: 'POST',
  path: '/admin/shipments/:id/tracking',
  access: 'staff:shipping.write',
  schemas: () =>
    schemas().then(([shipping, draws, admin]) => ({
      params: shipping.adminShipmentParamsSchema,
      body: draws.shipSchema,
      answer: admin.adminIdAnswerSchema,
    })),
});
