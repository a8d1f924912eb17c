import { coinHistoryRoute } from '@gacha/contract/routes/coins';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { coinHistory } from './service.ts';

/**
 * GET /user/coin_history/{page} (the spec leaves the path open; with its camelCase twin /user/coinHistory): the
 * member's coin history, 20 a page, newest first.
 */
export const coinsApi: ApiPlugin = async (app) => {
  await serve(app, coinHistoryRoute, async (req) =>
    coinHistory(app.db, { userId: memberOf(req).id, page: req.params.page, lang: req.lang }),
  );
};
