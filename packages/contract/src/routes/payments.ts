import { defineRoute } from '../route.ts';

/**
 * Gem purchase and histories (spec §7): the gem ledger, the courses, the free grant, the methods, buy / append /
 * end, the pending-payment pages and the Amazon Pay checkout session. (The 3-D Secure hop and the providers'
 * notifications answer no envelope: the server registers them itself.)
 */
const schemas = () => import('../payments.ts');

export const pointHistoryRoute = defineRoute({
  method: 'GET',
  path: '/user/point/list/:page',
  aliases: ['/user/point/list'],
  access: 'member',
  schemas: () => schemas().then((m) => ({ params: m.pageParamsSchema, answer: m.pointHistoryListSchema })),
});

export const pointPricesRoute = defineRoute({
  method: 'GET',
  path: '/user/point_price/:page',
  aliases: ['/user/point_price', '/user/pointPrice/:page', '/user/pointPrice'],
  access: 'guest',
  schemas: () => schemas().then((m) => ({ params: m.pageParamsSchema, answer: m.pointPriceListSchema })),
});

export const pointPriceDetailRoute = defineRoute({
  method: 'GET',
  path: '/user/point_price/detail/:id',
  aliases: ['/user/pointPrice/detail/:id'],
  access: 'guest',
  schemas: () =>
    schemas().then((m) => ({ params: m.pointPriceParamsSchema, answer: m.pointPriceDetailSchema })),
});

export const freeGrantRoute = defineRoute({
  method: 'POST',
  path: '/user/coupon/point/present',
  aliases: ['/user/coupon/pointPresent'],
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.pointPresentSchema, answer: m.freeGrantResultSchema })),
});

export const payStylesRoute = defineRoute({
  method: 'GET',
  path: '/user/pay_style',
  aliases: ['/user/payStyle'],
  access: 'guest',
  schemas: () => schemas().then((m) => ({ query: m.payStyleQuerySchema, answer: m.payStyleListSchema })),
});

export const bankInfoRoute = defineRoute({
  method: 'GET',
  path: '/user/bank',
  access: 'member',
  schemas: () => schemas().then((m) => ({ query: m.paymentQuerySchema, answer: m.bankInfoSchema })),
});

export const buyPointsRoute = defineRoute({
  method: 'POST',
  path: '/user/point/buy',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.pointBuySchema, answer: m.pointBuyResultSchema })),
});

export const appendPointsRoute = defineRoute({
  method: 'POST',
  path: '/user/point/append',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.pointAppendSchema, answer: m.pointAppendResultSchema })),
});

export const pointEndRoute = defineRoute({
  method: 'GET',
  path: '/user/point/end',
  access: 'member',
  schemas: () => schemas().then((m) => ({ query: m.paymentQuerySchema, answer: m.pointEndResultSchema })),
});

export const combiniInfoRoute = defineRoute({
  method: 'GET',
  path: '/user/point/combini_number',
  aliases: ['/user/point/combiniNumber'],
  access: 'member',
  schemas: () => schemas().then((m) => ({ query: m.paymentQuerySchema, answer: m.combiniInfoSchema })),
});

export const amazonButtonRoute = defineRoute({
  method: 'GET',
  path: '/user/button_signature',
  aliases: ['/user/buttonSignature'],
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({ query: m.paymentQuerySchema, answer: m.amazonButtonSignatureSchema })),
});

export const amazonCheckoutRoute = defineRoute({
  method: 'GET',
  path: '/user/set_checkout_session/:id',
  aliases: ['/user/setCheckoutSession/:id'],
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({
      params: m.pointPriceParamsSchema,
      query: m.checkoutQuerySchema,
      answer: m.amazonCheckoutResultSchema,
    })),
});

export const amazonSessionRoute = defineRoute({
  method: 'GET',
  path: '/user/get_checkout_session',
  aliases: ['/user/getCheckoutSession'],
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({ query: m.checkoutSessionQuerySchema, answer: m.amazonCheckoutSessionSchema })),
});

export const completeAmazonCheckoutRoute = defineRoute({
  method: 'GET',
  path: '/user/complete_checkout_session',
  aliases: ['/user/completeCheckoutSession'],
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({ query: m.checkoutSessionQuerySchema, answer: m.pointAppendResultSchema })),
});
