import {
  checkExchangeRoute,
  exchangeCardRoute,
  exchangeHistoryRoute,
  exchangeListRoute,
} from '@gacha/contract/routes/exchange';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { checkExchange, exchangeCard, exchangeHistory, exchangeList } from './service.ts';

/**
 * The exchange counter (spec §7 Exchange): the list, the check and the exchange; and the member's own exchanges
 * (GET /user/exchange_history/{page}, the spec leaves the path open; with its camelCase twin), which the buying
 * history shows.
 */
export const exchangeApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  await serve(app, exchangeListRoute, async (req) =>
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

  await serve(app, checkExchangeRoute, async (req) =>
    checkExchange(db, { userId: memberOf(req).id, cardId: req.body.card_id }, clock.now()),
  );

  await serve(app, exchangeCardRoute, async (req) =>
    exchangeCard(db, { userId: memberOf(req).id, cardId: req.body.card_id, lang: req.lang }, clock.now()),
  );

  await serve(app, exchangeHistoryRoute, async (req) =>
    exchangeHistory(db, { userId: memberOf(req).id, page: req.params.page, lang: req.lang }),
  );
};
