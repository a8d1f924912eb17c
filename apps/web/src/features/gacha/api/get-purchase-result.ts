import { useQuery } from '@tanstack/react-query';
import type { BuyPackResult } from '@gacha/contract/draws';
import { api, unwrap } from '../../../lib/api.ts';

/** Loaded with the first answer (lib/api.ts): the pack page starts without building draws.ts's schemas. */
export const buyPackResultAnswer = () => import('@gacha/contract/draws').then((m) => m.buyPackResultSchema);

/** null: the member's latest purchase (GET /user/pack/gache_result). */
export const resultKey = (purchaseId: number | null) =>
  ['gacha', 'result', purchaseId === null ? 'latest' : purchaseId] as const;

/**
 * GET /user/pack/gache_result (the latest purchase) or GET /user/pack/buy_result?purchaseId= (a given one): the
 * buy-pack result again, with each item's current status.
 */
export async function fetchPurchaseResult(purchaseId: number | null): Promise<BuyPackResult> {
  const path =
    purchaseId === null
      ? 'user/pack/gache_result'
      : `user/pack/buy_result?${new URLSearchParams({ purchaseId: String(purchaseId) })}`;
  return unwrap(await api.get(path, { answer: buyPackResultAnswer }));
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
