import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryListPage, HistoryMode } from '@gacha/contract/draws';
import { historyListRoute } from '@gacha/contract/routes/holdings';
import { call, unwrap } from '../../../lib/api.ts';

/** POST /user/history/list/{page} {mode}: the member's pack purchases, newest first (spec §7). */
export async function fetchHistoryList(mode: HistoryMode, page: number): Promise<HistoryListPage> {
  return unwrap(await call(historyListRoute, { params: { page: String(page) }, body: { mode } }));
}

export function useHistoryList(mode: HistoryMode, page: number) {
  return useQuery({
    queryKey: ['history', 'list', mode, page],
    queryFn: () => fetchHistoryList(mode, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
