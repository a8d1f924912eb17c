import { z } from 'zod';
import {
  drawRecordSchema,
  liveOddsSchema,
  oddsDisclosureSchema,
  practiceInputSchema,
  practiceResultSchema,
  recordQuerySchema,
} from '@gacha/contract/pack-fairness';
import { pathId, pathPage } from '@gacha/contract/path';
import { sendCsv } from '../../http/csv.ts';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { drawRecord, drawRecordCsv, liveOdds, oddsDisclosure, practiceDraw } from './service.ts';

/**
 * Fairness members can see, guests included: the odds disclosure fixed at publishing, the live odds,
 * the public draw record (pages, and the whole of it as CSV) and the practice draw.
 */
export const fairnessApi: ApiPlugin = async (app) => {
  const { db, clock } = app;
  const packParams = z.object({ packId: pathId('pack_not_found') });

  app.get(
    '/user/pack/disclosure/:packId',
    { schema: { params: packParams, response: okResponse(oddsDisclosureSchema) } },
    async (req) => oddsDisclosure(db, req.params.packId, req.lang),
  );

  app.get(
    '/user/pack/odds/:packId',
    { schema: { params: packParams, response: okResponse(liveOddsSchema) } },
    async (req) => liveOdds(db, req.params.packId, req.lang, clock.now()),
  );

  app.get(
    '/user/pack/record/:packId/:page',
    {
      schema: {
        params: z.object({ packId: pathId('pack_not_found'), page: pathPage }),
        querystring: recordQuerySchema,
        response: okResponse(drawRecordSchema),
      },
    },
    async (req) =>
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
    { config: { envelope: false }, schema: { params: packParams } },
    async (req, reply) => {
      const csv = await drawRecordCsv(db, {
        packId: req.params.packId,
        userId: req.user?.id ?? null,
        lang: req.lang,
      });
      return sendCsv(reply, `pack-${req.params.packId}-record.csv`, csv);
    },
  );

  app.post(
    '/user/pack/practice',
    { schema: { body: practiceInputSchema, response: okResponse(practiceResultSchema) } },
    async (req) =>
      practiceDraw(
        db,
        { ...req.body, userId: req.user?.id ?? null, ip: req.ip, lang: req.lang },
        clock.now(),
      ),
  );
};
