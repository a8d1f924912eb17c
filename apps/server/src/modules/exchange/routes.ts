import { z } from 'zod';
import {
  exchangeCheckResultSchema,
  exchangeHistoryPageNumber,
  exchangeHistoryPageSchema,
  exchangeListPageSchema,
  exchangeListSchema,
  exchangeResultSchema,
  exchangeSchema,
} from '@gacha/contract/exchange';
import { pageDigits } from '@gacha/contract/path';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { checkExchange, exchangeCard, exchangeHistory, exchangeList } from './service.ts';

/**
 * The exchange counter (spec §7 Exchange): the list, the check and the exchange; and the member's own exchanges
 * (GET /user/exchange_history/{page}, the spec leaves the path open; with its camelCase twin), which the buying
 * history shows.
 */
export const exchangeApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  for (const base of ['/user/exchange_card', '/user/exchangeCard']) {
    for (const url of [`${base}/list/:page`, `${base}/list`]) {
      app.post(
        url,
        {
          schema: {
            params: z.object({ page: pageDigits }),
            body: exchangeListSchema,
            response: okResponse(exchangeListPageSchema),
          },
        },
        async (req) =>
          exchangeList(
            db,
            {
              typeId: req.body.type,
              searchText: req.body.searchText,
              sort: req.body.sort,
              page: Math.max(1, Number(req.params.page || 1)),
              lang: req.lang,
            },
            clock.now(),
          ),
      );
    }

    app.post(
      `${base}/check`,
      {
        schema: { body: exchangeSchema, response: okResponse(exchangeCheckResultSchema) },
        config: { auth: true },
      },
      async (req) => checkExchange(db, { userId: memberOf(req).id, cardId: req.body.card_id }, clock.now()),
    );

    app.post(
      `${base}/exchange`,
      {
        schema: { body: exchangeSchema, response: okResponse(exchangeResultSchema) },
        config: { auth: true },
      },
      async (req) =>
        exchangeCard(db, { userId: memberOf(req).id, cardId: req.body.card_id, lang: req.lang }, clock.now()),
    );
  }

  for (const base of ['/user/exchange_history', '/user/exchangeHistory']) {
    for (const url of [`${base}/:page`, base]) {
      app.get(
        url,
        {
          schema: {
            params: z.object({ page: exchangeHistoryPageNumber }),
            response: okResponse(exchangeHistoryPageSchema),
          },
          config: { auth: true },
        },
        async (req) =>
          exchangeHistory(db, { userId: memberOf(req).id, page: req.params.page, lang: req.lang }),
      );
    }
  }
};
