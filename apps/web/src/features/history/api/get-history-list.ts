import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { historyListPageSchema, type HistoryListPage, type HistoryMode } from '@gacha/contract/draws';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** POST /user/history/list/{page} {mode}: the member's pack purchases, newest first (spec §7). */
export async function fetchHistoryList(mode: HistoryMode, page: number): Promise<HistoryListPage> {
  return unwrap(
    await api.post(apiPath('user', 'history', 'list', page), { mode }, { answer: historyListPageSchema }),
  );
}

export function useHistoryList(mode: HistoryMode, page: number) {
  return useQuery({
    queryKey: ['history', 'list', mode, page],
    queryFn: () => fetchHistoryList(mode, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
