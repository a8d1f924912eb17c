import { defineRoute } from '../route.ts';

/** Keep the rank next month for its coins (spec §4). */
export const buyRankRoute = defineRoute({
  method: 'POST',
  path: '/user/buy_rank',
  aliases: ['/user/buyRank'],
  access: 'member',
  schemas: () =>
    import('../coins.ts').then((m) => ({ body: m.buyRankSchema, answer: m.buyRankResultSchema })),
});
