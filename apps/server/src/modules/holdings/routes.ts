import { decideRoute, historyDetailRoute, historyListRoute } from '@gacha/contract/routes/holdings';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { decide, historyDetail, historyList } from './service.ts';

/** Won items: the decision (ship / convert) and the buying history (spec §7). */
export const holdingsApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  await serve(app, decideRoute, async (req) =>
    decide(
      db,
      { userId: memberOf(req).id, send: req.body.send_card, reduction: req.body.reduction_card },
      clock.now(),
    ),
  );

  // the page comes in the path or in the payload
  await serve(app, historyListRoute, async (req) => {
    const page = Math.max(1, Number(req.params.page || req.body.page || 1));
    return historyList(db, { userId: memberOf(req).id, mode: req.body.mode, page, lang: req.lang });
  });

  await serve(app, historyDetailRoute, async (req) =>
    historyDetail(db, { userId: memberOf(req).id, purchaseId: req.params.id, lang: req.lang }),
  );
};
