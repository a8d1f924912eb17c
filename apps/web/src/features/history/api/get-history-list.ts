import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryItem, HistoryListPage, HistoryMode } from '@gacha/contract/draws';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** POST /user/history/list/{page} {mode}: the member's pack purchases, newest first (spec §7). */
export async function fetchHistoryList(mode: HistoryMode, page: number): Promise<HistoryListPage> {
  const res = unwrap(await api.post<HistoryListPage>(apiPath('user', 'history', 'list', page), { mode }));
  const list: HistoryItem[] = Array.isArray(res.list) ? res.list : [];
  return {
    list,
    page: Number(res.page ?? page),
    all_page: Number(res.all_page ?? 1),
    pages: Array.isArray(res.pages) ? res.pages.map(Number) : [1],
  };
}

export function useHistoryList(mode: HistoryMode, page: number) {
  return useQuery({
    queryKey: ['history', 'list', mode, page],
    queryFn: () => fetchHistoryList(mode, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
