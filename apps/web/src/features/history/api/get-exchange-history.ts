import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { exchangeHistoryPageSchema, type ExchangeHistoryPage } from '@gacha/contract/exchange';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** GET /user/exchange_history/{page}: the cards the member exchanged for coins, newest first, 10 a page. */
export async function fetchExchangeHistory(page: number): Promise<ExchangeHistoryPage> {
  return unwrap(
    await api.get(apiPath('user', 'exchange_history', page), { answer: exchangeHistoryPageSchema }),
  );
}

export function useExchangeHistory(page: number) {
  return useQuery({
    queryKey: ['history', 'exchanges', page],
    queryFn: () => fetchExchangeHistory(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
