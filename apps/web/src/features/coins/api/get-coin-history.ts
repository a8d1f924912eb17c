import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { coinHistoryPageSchema, type CoinHistoryPage } from '@gacha/contract/coins';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** GET /user/coin_history/{page}: the member's coin ledger, newest first, 20 a page (memo in their language). */
export async function fetchCoinHistory(page: number): Promise<CoinHistoryPage> {
  return unwrap(await api.get(apiPath('user', 'coin_history', page), { answer: coinHistoryPageSchema }));
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
