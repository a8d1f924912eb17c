import {
  buyPacksRoute,
  checkPurchaseRoute,
  fairnessRoute,
  packPlaysRoute,
  purchaseResultRoute,
} from '@gacha/contract/routes/draws';
import { roomPassKey } from '../rooms/service.ts';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
import { buyPacks, checkPurchase, fairnessInfo, packPlays, purchaseResult } from './service.ts';

/**
 * Draws (spec §7 Packs): check, buy, the result read again, and the fairness panel.
 * Check stores nothing; buy takes the same `{ packId, count }` and decides again in its transaction.
 */
export const drawsApi: ApiPlugin = async (app) => {
  const { db, clock, config } = app;
  const passKey = roomPassKey(config.sessionSecret);
  /** A check's or a buy's room pass, with the key it is checked with. */
  const given = (pass: string | undefined) => ({ pass, key: passKey });

  await serve(
    app,
    checkPurchaseRoute,
    async (req) =>
      checkPurchase(
        db,
        { userId: memberOf(req).id, ...req.body, lang: req.lang, roomPass: given(req.body.roomPass) },
        clock.now(),
      ),
    rateLimitConfig('purchase'),
  );

  await serve(
    app,
    buyPacksRoute,
    async (req) =>
      buyPacks(
        db,
        { userId: memberOf(req).id, ...req.body, lang: req.lang, roomPass: given(req.body.roomPass) },
        clock.now(),
      ),
    rateLimitConfig('purchase'),
  );

  await serve(app, packPlaysRoute, async (req) =>
    packPlays(db, { userId: memberOf(req).id, packId: req.params.packId }),
  );

  await serve(app, purchaseResultRoute, async (req) =>
    purchaseResult(db, { userId: memberOf(req).id, purchaseId: req.query.purchaseId, lang: req.lang }),
  );

  await serve(app, fairnessRoute, async (req) =>
    fairnessInfo(
      db,
      { packId: req.params.packId, userId: req.user?.id ?? null, lang: req.lang },
      clock.now(),
    ),
  );
};
