import { useQuery } from '@tanstack/react-query';
import { historyDetailSchema, type HistoryDetail } from '@gacha/contract/draws';
import { api, apiPath, ApiStateError, fieldsOf } from '../../../lib/api.ts';

/** GET /user/history/detail/{id}: one purchase with its shipped, converted and undecided items; null if unknown. */
export async function fetchHistoryDetail(id: string): Promise<HistoryDetail | null> {
  const res = await api.get(apiPath('user', 'history', 'detail', id), { answer: historyDetailSchema });
  if (res.state === 404) return null;
  if (res.state !== 200) throw new ApiStateError(res);
  return fieldsOf(res);
}

export function useHistoryDetail(id: string) {
  return useQuery({
    queryKey: ['history', 'detail', id],
    queryFn: () => fetchHistoryDetail(id),
    enabled: /^\d{1,10}$/.test(id),
    staleTime: 0,
  });
}
