import { packPurchaseSchema } from '@gacha/contract/draws';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { notFound } from '../../http/api-error.ts';
import { buyPacks, checkPurchase, fairnessInfo, purchaseResult } from './service.ts';

const digits = (v: unknown, max = 9): number | undefined =>
  typeof v === 'string' && new RegExp(`^\\d{1,${max}}$`).test(v) ? Number(v) : undefined;

/**
 * Draws (spec §7 Packs): check, buy, the result read again, and the fairness panel.
 * Check stores nothing; buy takes the same `{ packId, count }` and re-validates everything in its transaction.
 */
export function registerDrawsRoutes({ api, db, clock }: ModuleDeps): void {
  api.post(
    '/user/pack/check',
    { body: packPurchaseSchema, auth: true, rateLimit: 'purchase' },
    async ({ body, user, lang }) =>
      checkPurchase(db, { userId: user.id, packId: body.packId, count: body.count, lang }, clock.now()),
  );

  api.post(
    '/user/pack/buy',
    { body: packPurchaseSchema, auth: true, rateLimit: 'purchase' },
    async ({ body, user, lang }) =>
      buyPacks(db, { userId: user.id, packId: body.packId, count: body.count, lang }, clock.now()),
  );

  api.get(
    ['/user/pack/gache_result', '/user/pack/buy_result', '/user/pack/gacheResult', '/user/pack/buyResult'],
    { auth: true },
    async ({ req, user, lang }) => {
      const q = (req.query ?? {}) as Record<string, unknown>;
      let purchaseId: number | undefined;
      if (q.purchaseId !== undefined && q.purchaseId !== '') {
        purchaseId = digits(q.purchaseId);
        if (purchaseId === undefined) throw notFound();
      }
      return purchaseResult(db, { userId: user.id, purchaseId, lang });
    },
  );

  api.get('/user/pack/fairness/:packId', {}, async ({ req, user, lang }) => {
    const packId = digits((req.params as { packId?: string }).packId);
    if (packId === undefined) throw notFound('pack_not_found');
    return fairnessInfo(db, { packId, userId: user?.id ?? null, lang }, clock.now());
  });
}
