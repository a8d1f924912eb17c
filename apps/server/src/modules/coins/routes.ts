import { z } from 'zod';
import { coinHistoryPageSchema } from '@gacha/contract/coins';
import { pathPage } from '@gacha/contract/path';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { coinHistory } from './service.ts';

/**
 * GET /user/coin_history/{page} (the spec leaves the path open; with its camelCase twin /user/coinHistory): the
 * member's coin history, 20 a page, newest first.
 */
export const coinsApi: ApiPlugin = async (app) => {
  for (const base of ['/user/coin_history', '/user/coinHistory']) {
    for (const url of [`${base}/:page`, base]) {
      app.get(
        url,
        {
          schema: { params: z.object({ page: pathPage }), response: okResponse(coinHistoryPageSchema) },
          config: { auth: true },
        },
        async (req) =>
          coinHistory(app.db, { userId: memberOf(req).id, page: req.params.page, lang: req.lang }),
      );
    }
  }
};
