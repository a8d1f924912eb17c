import { useQuery } from '@tanstack/react-query';
import type { BuyPackResult } from '@gacha/contract/draws';
import { api, unwrap } from '../../../lib/api.ts';

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
  const res = unwrap(await api.get<BuyPackResult>(path));
  return {
    result: '1',
    purchase_id: res.purchase_id ?? null,
    pack_id: res.pack_id ?? null,
    title: String(res.title ?? ''),
    created: String(res.created ?? ''),
    movie_style: Number(res.movie_style ?? 0),
    is_country: res.is_country === '1' ? '1' : '0',
    is_buy_coin: res.is_buy_coin === '1' ? '1' : '0',
    card_type: res.card_type ?? null,
    count: Number(res.count ?? 0),
    price_paid: Number(res.price_paid ?? 0),
    currency: res.currency ?? null,
    cards: Array.isArray(res.cards) ? res.cards : [],
    videos: Array.isArray(res.videos) ? res.videos : [],
  };
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
