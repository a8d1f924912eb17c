import { defineRoute } from '../route.ts';

/**
 * The console's fulfilment: the shipments to send, their packing list, a batch marked shipped with its tracking code,
 * a shipped batch's code put right, tracking codes imported from the carrier's CSV.
 */
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

export const shipmentListRoute = defineRoute({
  method: 'GET',
  path: '/admin/shipments',
  access: 'staff:shipping.read',
  schemas: () =>
    schemas().then(([shipping, draws]) => ({
      query: shipping.adminShipmentQuerySchema,
      answer: draws.adminShipmentListSchema,
    })),
});

export const packingListRoute = defineRoute({
  method: 'GET',
  path: '/admin/shipments/packing-list',
  access: 'staff:shipping.read',
  schemas: () =>
    schemas().then(([shipping]) => ({
      query: shipping.adminPackingListQuerySchema,
      answer: shipping.adminPackingListSchema,
    })),
});

export const trackingImportRoute = defineRoute({
  method: 'POST',
  path: '/admin/shipments/tracking-import',
  access: 'staff:shipping.write',
  schemas: () =>
    schemas().then(([shipping]) => ({
      body: shipping.adminTrackingImportSchema,
      answer: shipping.adminTrackingImportResultSchema,
    })),
});
