import { buyRankResultSchema, buyRankSchema } from '@gacha/contract/coins';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { buyRank } from './maintain.ts';

/** POST /user/buy_rank {coin, next_month_rank}: keep the rank next month for its coins (spec §4). */
export const ranksApi: ApiPlugin = async (app) => {
  const { db, clock } = app;
  for (const url of ['/user/buy_rank', '/user/buyRank']) {
    app.post(
      url,
      { schema: { body: buyRankSchema, response: okResponse(buyRankResultSchema) }, config: { auth: true } },
      async (req) =>
        buyRank(
          db,
          {
            userId: memberOf(req).id,
            coin: req.body.coin,
            nextMonthRank: req.body.next_month_rank,
            lang: req.lang,
          },
          clock.now(),
        ),
    );
  }
};
