import { defineRoute } from '../route.ts';

/** The member's coin history (the spec leaves the path open; with its camelCase twin), 20 a page. */
export const coinHistoryRoute = defineRoute({
  method: 'GET',
  path: '/user/coin_history/:page',
  aliases: ['/user/coin_history', '/user/coinHistory/:page', '/user/coinHistory'],
  access: 'member',
  schemas: () =>
    import('../coins.ts').then((m) => ({
      params: m.coinHistoryParamsSchema,
      answer: m.coinHistoryPageSchema,
    })),
});
