import { z } from 'zod';
import {
  exchangeCheckResultSchema,
  exchangeListPageSchema,
  exchangeListSchema,
  exchangeResultSchema,
  exchangeSchema,
} from '@gacha/contract/exchange';
import { pageDigits } from '@gacha/contract/path';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { checkExchange, exchangeCard, exchangeList } from './service.ts';

/** The exchange counter (spec §7 Exchange): the list, the check and the exchange. */
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
};
