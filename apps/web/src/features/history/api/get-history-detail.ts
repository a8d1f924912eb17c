import { useQuery } from '@tanstack/react-query';
import type { HistoryDetail } from '@gacha/contract/draws';
import { api, apiPath, ApiStateError } from '../../../lib/api.ts';

/** GET /user/history/detail/{id}: one purchase with its shipped, converted and undecided items; null if unknown. */
export async function fetchHistoryDetail(id: string): Promise<HistoryDetail | null> {
  const res = await api.get<HistoryDetail>(apiPath('user', 'history', 'detail', id));
  if (res.state === 404) return null;
  if (res.state !== 200) throw new ApiStateError(res);
  return {
    id: Number(res.id),
    status: res.status === '1' ? '1' : '0',
    pack_id: Number(res.pack_id),
    pack_name: String(res.pack_name ?? ''),
    created: String(res.created ?? ''),
    delivery_code: String(res.delivery_code ?? ''),
    send_card: Array.isArray(res.send_card) ? res.send_card : [],
    reduction_card: Array.isArray(res.reduction_card) ? res.reduction_card : [],
    unselected_card: Array.isArray(res.unselected_card) ? res.unselected_card : [],
    reduction_point: Number(res.reduction_point ?? 0),
  };
}

export function useHistoryDetail(id: string) {
  return useQuery({
    queryKey: ['history', 'detail', id],
    queryFn: () => fetchHistoryDetail(id),
    enabled: /^\d{1,10}$/.test(id),
    staleTime: 0,
  });
}
