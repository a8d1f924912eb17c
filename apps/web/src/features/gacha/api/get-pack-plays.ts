import { useQuery } from '@tanstack/react-query';
import type { PackPlays } from '@gacha/contract/draws';
import { packPlaysRoute } from '@gacha/contract/routes/draws';
import { call, unwrap } from '../../../lib/api.ts';

export const packPlaysKey = (packId: string) => ['gacha', 'plays', packId] as const;

/**
 * GET /user/pack/plays/{packId}: what the pack's per-member limit still allows this member (a member's page of a
 * limited pack only), so that the count select offers no more than that.
 */
export function usePackPlays(packId: string, enabled: boolean) {
  return useQuery({
    queryKey: packPlaysKey(packId),
    queryFn: async (): Promise<PackPlays> =>
      unwrap(await call(packPlaysRoute, { params: { packId } }, { background: true })),
    enabled,
    staleTime: 0,
  });
}
