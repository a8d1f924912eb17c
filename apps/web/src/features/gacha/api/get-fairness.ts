import { useQuery } from '@tanstack/react-query';
import type { FairnessInfo } from '@gacha/contract/draws';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

export const fairnessKey = (packId: string) => ['gacha', 'fairness', packId] as const;

/** GET /user/pack/fairness/{packId}: commitment, the seed once revealed, the canonical lots, my positions. */
export async function fetchFairness(packId: string): Promise<FairnessInfo> {
  const res = unwrap(
    await api.get<FairnessInfo>(apiPath('user', 'pack', 'fairness', packId), { background: true }),
  );
  return {
    pack_id: Number(res.pack_id),
    commitment: typeof res.commitment === 'string' ? res.commitment : null,
    seed: typeof res.seed === 'string' ? res.seed : null,
    revealed: res.revealed === true,
    canonical: Array.isArray(res.canonical) ? res.canonical.map(Number) : [],
    total: Number(res.total ?? 0),
    sold: Number(res.sold ?? 0),
    prizes: Array.isArray(res.prizes) ? res.prizes : [],
    my_positions: Array.isArray(res.my_positions) ? res.my_positions : [],
  };
}

export function useFairness(packId: string, enabled = true) {
  return useQuery({
    queryKey: fairnessKey(packId),
    queryFn: () => fetchFairness(packId),
    enabled,
    staleTime: 0,
  });
}
