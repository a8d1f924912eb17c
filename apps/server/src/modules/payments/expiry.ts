import type { PaymentsDeps } from './deps.ts';
import { applyProviderStatus, refOf } from './notifications.ts';
import { ProviderUnavailableError, type ProviderStatus } from './providers/provider.ts';
import { closePayment, pendingDue } from './repo.ts';

/**
 * The payment expiry sweep: a pending payment past its due time (convenience store and bank transfer: 3 days)
 * is asked about once more — paid after all: credited; otherwise `pending → expired` by a conditional update
 * and canceled at the provider (best effort). A provider that cannot be reached is asked again next run.
 * Safe to run any number of times, also while notifications arrive.
 */
export async function expirePendingPayments(
  deps: PaymentsDeps,
  now: Date,
  opts: { batchSize?: number } = {},
): Promise<{ expired: number; credited: number; deferred: number }> {
  const out = { expired: 0, credited: 0, deferred: 0 };
  const batchSize = opts.batchSize ?? 200;
  const seen = new Set<number>();
  for (;;) {
    const due = (await pendingDue(deps.db, now, batchSize)).filter((p) => !seen.has(p.id));
    if (!due.length) break;
    for (const p of due) {
      seen.add(p.id);
      const provider = deps.providers.byName(p.provider);
      let st: ProviderStatus | null = null;
      if (provider && p.provider_ref) {
        try {
          st = await provider.status(refOf(p));
        } catch (err) {
          if (!(err instanceof ProviderUnavailableError)) throw err;
          out.deferred++;
          continue;
        }
      }
      if (st?.status === 'succeeded') {
        const after = await applyProviderStatus(deps, p, st, now);
        if (after.status === 'succeeded') out.credited++;
        continue;
      }
      if (await closePayment(deps.db, p.id, 'expired', 'expired', now)) {
        out.expired++;
        await provider?.cancel?.(refOf(p)).catch(() => undefined);
      }
    }
    if (due.length < batchSize) break;
  }
  return out;
}
