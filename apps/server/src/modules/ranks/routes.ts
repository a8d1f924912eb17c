import { buyRankRoute } from '@gacha/contract/routes/ranks';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { buyRank } from './maintain.ts';

/** POST /user/buy_rank {coin, next_month_rank}: keep the rank next month for its coins (spec §4). */
export const ranksApi: ApiPlugin = async (app) => {
  const { db, clock } = app;
  await serve(app, buyRankRoute, async (req) =>
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
};
