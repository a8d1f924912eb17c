import { defineRoute } from '../route.ts';

/**
 * The exchange counter (spec §7 Exchange): the list (guests too), the check and the exchange; and the member's
 * own exchanges (the spec leaves that path open), which the buying history shows. Each with its camelCase twin.
 */
const schemas = () => import('../exchange.ts');

export const exchangeListRoute = defineRoute({
  method: 'POST',
  path: '/user/exchange_card/list/:page',
  aliases: ['/user/exchange_card/list', '/user/exchangeCard/list/:page', '/user/exchangeCard/list'],
  access: 'guest',
  schemas: () =>
    schemas().then((m) => ({
      params: m.exchangeListParamsSchema,
      body: m.exchangeListSchema,
      answer: m.exchangeListPageSchema,
    })),
});

export const checkExchangeRoute = defineRoute({
  method: 'POST',
  path: '/user/exchange_card/check',
  aliases: ['/user/exchangeCard/check'],
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.exchangeSchema, answer: m.exchangeCheckResultSchema })),
});

export const exchangeCardRoute = defineRoute({
  method: 'POST',
  path: '/user/exchange_card/exchange',
  aliases: ['/user/exchangeCard/exchange'],
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.exchangeSchema, answer: m.exchangeResultSchema })),
});

export const exchangeHistoryRoute = defineRoute({
  method: 'GET',
  path: '/user/exchange_history/:page',
  aliases: ['/user/exchange_history', '/user/exchangeHistory/:page', '/user/exchangeHistory'],
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({ params: m.exchangeHistoryParamsSchema, answer: m.exchangeHistoryPageSchema })),
});
