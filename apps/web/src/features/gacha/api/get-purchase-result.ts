import { useQuery } from '@tanstack/react-query';
import type { BuyPackResult } from '@gacha/contract/draws';
import { purchaseResultRoute } from '@gacha/contract/routes/draws';
import { call, unwrap } from '../../../lib/api.ts';

/** null: the member's latest purchase. */
export const resultKey = (purchaseId: number | null) =>
  ['gacha', 'result', purchaseId === null ? 'latest' : purchaseId] as const;

/** The buy-pack result again (the latest purchase, or a given one), with each item's current status. */
export async function fetchPurchaseResult(purchaseId: number | null): Promise<BuyPackResult> {
  const query = purchaseId === null ? undefined : { purchaseId: String(purchaseId) };
  return unwrap(await call(purchaseResultRoute, { query }));
}

/** The result of a purchase; `fresh` refetches on mount (the choose pages need current statuses). */
export function usePurchaseResult(purchaseId: number | null, opts: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: resultKey(purchaseId),
    queryFn: () => fetchPurchaseResult(purchaseId),
    staleTime: opts.fresh ? 0 : 60_000,
    refetchOnMount: opts.fresh ? 'always' : true,
  });
}

/** A purchase id from the query (`c`), or null. */
export function parsePurchaseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
