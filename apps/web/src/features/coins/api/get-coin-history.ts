import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CoinHistoryPage } from '@gacha/contract/coins';
import { coinHistoryRoute } from '@gacha/contract/routes/coins';
import { call, unwrap } from '../../../lib/api.ts';

/** GET /user/coin_history/{page}: the member's coin ledger, newest first, 20 a page (memo in their language). */
export async function fetchCoinHistory(page: number): Promise<CoinHistoryPage> {
  return unwrap(await call(coinHistoryRoute, { params: { page: String(page) } }));
}

export const coinHistoryKey = ['coins', 'history'] as const;

export function useCoinHistory(page: number) {
  return useQuery({
    queryKey: [...coinHistoryKey, page],
    queryFn: () => fetchCoinHistory(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
