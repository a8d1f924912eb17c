import { defineRoute } from '../route.ts';

/**
 * Fairness anyone can see, guests included: the odds disclosure fixed at publishing, the live odds, the public
 * draw record and the practice draw. (The record's CSV download is no envelope call: not a route here.)
 */
const schemas = () => import('../pack-fairness.ts');

export const disclosureRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/disclosure/:packId',
  access: 'guest',
  schemas: () =>
    schemas().then((m) => ({ params: m.fairnessPackParamsSchema, answer: m.oddsDisclosureSchema })),
});

export const liveOddsRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/odds/:packId',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ params: m.fairnessPackParamsSchema, answer: m.liveOddsSchema })),
});

export const drawRecordRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/record/:packId/:page',
  access: 'guest',
  schemas: () =>
    schemas().then((m) => ({
      params: m.recordParamsSchema,
      query: m.recordQuerySchema,
      answer: m.drawRecordSchema,
    })),
});

export const practiceDrawRoute = defineRoute({
  method: 'POST',
  path: '/user/pack/practice',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ body: m.practiceInputSchema, answer: m.practiceResultSchema })),
});
