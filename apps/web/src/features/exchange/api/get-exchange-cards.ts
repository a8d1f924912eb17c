import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExchangeListPage, ExchangeSort } from '@gacha/contract/exchange';
import { exchangeListRoute } from '@gacha/contract/routes/exchange';
import { call, unwrap } from '../../../lib/api.ts';

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
    await call(exchangeListRoute, {
      params: { page: String(q.page) },
      body: { type: q.type, searchText: q.searchText, sort: q.sort },
    }),
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
