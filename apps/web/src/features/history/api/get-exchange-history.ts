import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExchangeHistoryPage } from '@gacha/contract/exchange';
import { exchangeHistoryRoute } from '@gacha/contract/routes/exchange';
import { call, unwrap } from '../../../lib/api.ts';

/** GET /user/exchange_history/{page}: the cards the member exchanged for coins, newest first, 10 a page. */
export async function fetchExchangeHistory(page: number): Promise<ExchangeHistoryPage> {
  return unwrap(await call(exchangeHistoryRoute, { params: { page: String(page) } }));
}

export function useExchangeHistory(page: number) {
  return useQuery({
    queryKey: ['history', 'exchanges', page],
    queryFn: () => fetchExchangeHistory(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
