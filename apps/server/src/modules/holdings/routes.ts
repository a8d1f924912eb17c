import { decisionSchema, historyListSchema } from '@gacha/contract/draws';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import { decide, historyDetail, historyList } from './service.ts';

const pathNumber = (params: unknown, name: string): string =>
  String((params as Record<string, string | undefined>)[name] ?? '');

/** Won items: the decision (ship / convert) and the buying history (spec §7). */
export function registerHoldingsRoutes({ api, db, clock }: ModuleDeps): void {
  api.post('/user/pack/decision', { body: decisionSchema, auth: true }, async ({ body, user }) =>
    decide(db, { userId: user.id, send: body.send_card, reduction: body.reduction_card }, clock.now()),
  );

  api.post(
    ['/user/history/list/:page', '/user/history/list'],
    { body: historyListSchema, auth: true },
    async ({ req, body, user, lang }) => {
      const raw = pathNumber(req.params, 'page') || String(body.page ?? '1');
      if (!/^\d{1,6}$/.test(raw)) throw fieldError('page', 'invalid');
      return historyList(db, { userId: user.id, mode: body.mode, page: Math.max(1, Number(raw)), lang });
    },
  );

  api.get('/user/history/detail/:id', { auth: true }, async ({ req, user, lang }) => {
    const id = pathNumber(req.params, 'id');
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    return historyDetail(db, { userId: user.id, purchaseId: Number(id), lang });
  });
}
