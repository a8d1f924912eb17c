import { defineRoute } from '../route.ts';

/** Won items (spec §7): the decision (ship / convert) and the buying history. */
const schemas = () => import('../draws.ts');

export const decideRoute = defineRoute({
  method: 'POST',
  path: '/user/pack/decision',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.decisionSchema, answer: m.decisionResultSchema })),
});

/** The page in the path, or (without it) in the payload. */
export const historyListRoute = defineRoute({
  method: 'POST',
  path: '/user/history/list/:page',
  aliases: ['/user/history/list'],
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({
      params: m.historyListParamsSchema,
      body: m.historyListSchema,
      answer: m.historyListPageSchema,
    })),
});

export const historyDetailRoute = defineRoute({
  method: 'GET',
  path: '/user/history/detail/:id',
  access: 'member',
  schemas: () =>
    schemas().then((m) => ({ params: m.historyDetailParamsSchema, answer: m.historyDetailSchema })),
});
