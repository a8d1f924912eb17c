import { useQuery } from '@tanstack/react-query';
import type { FairnessInfo } from '@gacha/contract/draws';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** Loaded with the first answer (lib/api.ts): the pack page starts without building draws.ts's schemas. */
const fairnessInfoAnswer = () => import('@gacha/contract/draws').then((m) => m.fairnessInfoSchema);

export const fairnessKey = (packId: string) => ['gacha', 'fairness', packId] as const;

/** GET /user/pack/fairness/{packId}: commitment, the seed once revealed, the canonical lots, my positions. */
export async function fetchFairness(packId: string): Promise<FairnessInfo> {
  return unwrap(
    await api.get(apiPath('user', 'pack', 'fairness', packId), {
      answer: fairnessInfoAnswer,
      background: true,
    }),
  );
}

export function useFairness(packId: string, enabled = true) {
  return useQuery({
    queryKey: fairnessKey(packId),
    queryFn: () => fetchFairness(packId),
    enabled,
    staleTime: 0,
  });
}
