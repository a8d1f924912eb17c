import { defineRoute } from '../route.ts';

/** Draws (spec §7 Packs): check, buy, the result read again, the plays a limit leaves, the fairness panel. */
const schemas = () => import('../draws.ts');

export const checkPurchaseRoute = defineRoute({
  method: 'POST',
  path: '/user/pack/check',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.packPurchaseSchema, answer: m.packCheckResultSchema })),
});

export const buyPacksRoute = defineRoute({
  method: 'POST',
  path: '/user/pack/buy',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.packPurchaseSchema, answer: m.buyPackResultSchema })),
});

export const packPlaysRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/plays/:packId',
  access: 'member',
  schemas: () => schemas().then((m) => ({ params: m.packParamsSchema, answer: m.packPlaysSchema })),
});

export const purchaseResultRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/buy_result',
  aliases: ['/user/pack/gache_result', '/user/pack/gacheResult', '/user/pack/buyResult'],
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({ query: m.purchaseResultQuerySchema, answer: m.buyPackResultSchema })),
});

export const fairnessRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/fairness/:packId',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ params: m.packParamsSchema, answer: m.fairnessInfoSchema })),
});
