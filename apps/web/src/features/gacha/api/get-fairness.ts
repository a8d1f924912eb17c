import { useQuery } from '@tanstack/react-query';
import type { FairnessInfo } from '@gacha/contract/draws';
import { fairnessRoute } from '@gacha/contract/routes/draws';
import { call, unwrap } from '../../../lib/api.ts';

export const fairnessKey = (packId: string) => ['gacha', 'fairness', packId] as const;

/** GET /user/pack/fairness/{packId}: commitment, the seed once revealed, the canonical lots, my positions. */
export async function fetchFairness(packId: string): Promise<FairnessInfo> {
  return unwrap(await call(fairnessRoute, { params: { packId } }, { background: true }));
}

export function useFairness(packId: string, enabled = true) {
  return useQuery({
    queryKey: fairnessKey(packId),
    queryFn: () => fetchFairness(packId),
    enabled,
    staleTime: 0,
  });
}
