import { z } from 'zod';
import {
  buyPackResultSchema,
  fairnessInfoSchema,
  packCheckResultSchema,
  packPlaysSchema,
  packPurchaseSchema,
} from '@gacha/contract/draws';
import { pathId, queryId } from '@gacha/contract/path';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { buyPacks, checkPurchase, fairnessInfo, packPlays, purchaseResult } from './service.ts';

/**
 * Draws (spec §7 Packs): check, buy, the result read again, and the fairness panel.
 * Check stores nothing; buy takes the same `{ packId, count }` and decides again in its transaction.
 */
export const drawsApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  app.post(
    '/user/pack/check',
    {
      schema: { body: packPurchaseSchema, response: okResponse(packCheckResultSchema) },
      config: { auth: true, ...rateLimitConfig('purchase') },
    },
    async (req) => checkPurchase(db, { userId: memberOf(req).id, ...req.body, lang: req.lang }, clock.now()),
  );

  app.post(
    '/user/pack/buy',
    {
      schema: { body: packPurchaseSchema, response: okResponse(buyPackResultSchema) },
      config: { auth: true, ...rateLimitConfig('purchase') },
    },
    async (req) => buyPacks(db, { userId: memberOf(req).id, ...req.body, lang: req.lang }, clock.now()),
  );

  app.get(
    '/user/pack/plays/:packId',
    {
      schema: {
        params: z.object({ packId: pathId('pack_not_found') }),
        response: okResponse(packPlaysSchema),
      },
      config: { auth: true },
    },
    async (req) => packPlays(db, { userId: memberOf(req).id, packId: req.params.packId }),
  );

  const resultQuery = z.object({ purchaseId: queryId() });
  for (const url of [
    '/user/pack/gache_result',
    '/user/pack/buy_result',
    '/user/pack/gacheResult',
    '/user/pack/buyResult',
  ]) {
    app.get(
      url,
      {
        schema: { querystring: resultQuery, response: okResponse(buyPackResultSchema) },
        config: { auth: true },
      },
      async (req) =>
        purchaseResult(db, { userId: memberOf(req).id, purchaseId: req.query.purchaseId, lang: req.lang }),
    );
  }

  app.get(
    '/user/pack/fairness/:packId',
    {
      schema: {
        params: z.object({ packId: pathId('pack_not_found') }),
        response: okResponse(fairnessInfoSchema),
      },
    },
    async (req) =>
      fairnessInfo(
        db,
        { packId: req.params.packId, userId: req.user?.id ?? null, lang: req.lang },
        clock.now(),
      ),
  );
};
