import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { exchangeListPageSchema, type ExchangeListPage, type ExchangeSort } from '@gacha/contract/exchange';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

export interface ExchangeListQuery {
  /** The tab's card type (2 Pokémon, 5 ONE PIECE). */
  type: number;
  searchText: string;
  sort: ExchangeSort;
  page: number;
}

/** POST /user/exchange_card/list/{page} {type, searchText, sort}: a read, 20 cards a page. */
export async function fetchExchangeCards(q: ExchangeListQuery): Promise<ExchangeListPage> {
  return unwrap(
    await api.post(
      apiPath('user', 'exchange_card', 'list', q.page),
      { type: q.type, searchText: q.searchText, sort: q.sort },
      { answer: exchangeListPageSchema },
    ),
  );
}

export const exchangeCardsKey = ['exchange', 'list'] as const;

export function useExchangeCards(q: ExchangeListQuery, enabled = true) {
  return useQuery({
    queryKey: [...exchangeCardsKey, q],
    queryFn: () => fetchExchangeCards(q),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
