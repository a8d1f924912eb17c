import { defineRoute } from '../route.ts';

/** The console's payments (payments.read) and its decisions: a refund, a bank transfer matched by hand. */
const schemas = () => import('../admin-payments.ts');

export const refundPaymentRoute = defineRoute({
  method: 'POST',
  path: '/admin/payments/:id/refund',
  access: 'staff:payments.refund',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminPaymentParamsSchema,
      body: m.adminRefundRequestSchema,
      answer: m.adminRefundResultSchema,
    })),
});

export const matchTransferRoute = defineRoute({
  method: 'POST',
  path: '/admin/payments/:id/match',
  access: 'staff:payments.match',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminPaymentParamsSchema,
      body: m.adminMatchRequestSchema,
      answer: m.adminMatchResultSchema,
    })),
});

export const paymentListRoute = defineRoute({
  method: 'GET',
  path: '/admin/payments',
  access: 'staff:payments.read',
  schemas: () =>
    schemas().then((m) => ({ query: m.adminPaymentQuerySchema, answer: m.adminPaymentListSchema })),
});

export const paymentDetailRoute = defineRoute({
  method: 'GET',
  path: '/admin/payments/:id',
  access: 'staff:payments.read',
  schemas: () =>
    schemas().then((m) => ({ params: m.adminPaymentParamsSchema, answer: m.adminPaymentDetailSchema })),
});
