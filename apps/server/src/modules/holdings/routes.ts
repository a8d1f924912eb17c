import { z } from 'zod';
import {
  decisionResultSchema,
  decisionSchema,
  historyDetailSchema,
  historyListPageSchema,
  historyListSchema,
} from '@gacha/contract/draws';
import { pageDigits, pathId } from '@gacha/contract/path';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { decide, historyDetail, historyList } from './service.ts';

/** Won items: the decision (ship / convert) and the buying history (spec §7). */
export const holdingsApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  app.post(
    '/user/pack/decision',
    { schema: { body: decisionSchema, response: okResponse(decisionResultSchema) }, config: { auth: true } },
    async (req) =>
      decide(
        db,
        { userId: memberOf(req).id, send: req.body.send_card, reduction: req.body.reduction_card },
        clock.now(),
      ),
  );

  // the page comes in the path or in the payload
  for (const url of ['/user/history/list/:page', '/user/history/list']) {
    app.post(
      url,
      {
        schema: {
          params: z.object({ page: pageDigits }),
          body: historyListSchema,
          response: okResponse(historyListPageSchema),
        },
        config: { auth: true },
      },
      async (req) => {
        const page = Math.max(1, Number(req.params.page || req.body.page || 1));
        return historyList(db, { userId: memberOf(req).id, mode: req.body.mode, page, lang: req.lang });
      },
    );
  }

  app.get(
    '/user/history/detail/:id',
    {
      schema: { params: z.object({ id: pathId() }), response: okResponse(historyDetailSchema) },
      config: { auth: true },
    },
    async (req) => historyDetail(db, { userId: memberOf(req).id, purchaseId: req.params.id, lang: req.lang }),
  );
};
