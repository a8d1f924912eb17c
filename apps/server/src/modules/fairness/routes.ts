import { fairnessPackParamsSchema } from '@gacha/contract/pack-fairness';
import {
  disclosureRoute,
  drawRecordRoute,
  liveOddsRoute,
  practiceDrawRoute,
} from '@gacha/contract/routes/fairness';
import { sendCsv } from '../../http/csv.ts';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { drawRecord, drawRecordCsv, liveOdds, oddsDisclosure, practiceDraw } from './service.ts';

/**
 * Fairness members can see, guests included: the odds disclosure fixed at publishing, the live odds,
 * the public draw record (pages, and the whole of it as CSV) and the practice draw.
 */
export const fairnessApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  await serve(app, disclosureRoute, async (req) => oddsDisclosure(db, req.params.packId, req.lang));

  await serve(app, liveOddsRoute, async (req) => liveOdds(db, req.params.packId, req.lang, clock.now()));

  await serve(app, drawRecordRoute, async (req) =>
    drawRecord(
      db,
      {
        packId: req.params.packId,
        page: req.params.page,
        size: req.query.size,
        userId: req.user?.id ?? null,
        lang: req.lang,
      },
      clock.now(),
    ),
  );

  // a download, not an envelope answer (a refusal still is one)
  app.get(
    '/user/pack/record/:packId/csv',
    { config: { envelope: false }, schema: { params: fairnessPackParamsSchema } },
    async (req, reply) => {
      const csv = await drawRecordCsv(db, {
        packId: req.params.packId,
        userId: req.user?.id ?? null,
        lang: req.lang,
      });
      return sendCsv(reply, `pack-${req.params.packId}-record.csv`, csv);
    },
  );

  await serve(app, practiceDrawRoute, async (req) =>
    practiceDraw(db, { ...req.body, userId: req.user?.id ?? null, ip: req.ip, lang: req.lang }, clock.now()),
  );
};
