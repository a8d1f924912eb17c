import { useQuery } from '@tanstack/react-query';
import type { HistoryDetail } from '@gacha/contract/draws';
import { historyDetailRoute } from '@gacha/contract/routes/holdings';
import { ApiStateError, call, fieldsOf } from '../../../lib/api.ts';

/** GET /user/history/detail/{id}: one purchase with its shipped, converted and undecided items; null if unknown. */
export async function fetchHistoryDetail(id: string): Promise<HistoryDetail | null> {
  const res = await call(historyDetailRoute, { params: { id } });
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
