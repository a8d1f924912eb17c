import { useQuery } from '@tanstack/react-query';
import type { PackDetail } from '@gacha/contract/packs';
import { packDetailRoute } from '@gacha/contract/routes/packs';
import { ApiStateError, call } from '../../../lib/api.ts';
import { isServed } from '../../../lib/served-answers.ts';

/** Shares its key with the Top lists' cache family ['packs', …], so one invalidation refreshes both. */
export const packDetailKey = (packId: string) => ['packs', 'detail', packId] as const;

/** GET /user/pack/detail/{packId} → { pack }; null when the pack does not exist (state 404). */
export async function fetchPackDetail(packId: string): Promise<PackDetail | null> {
  const res = await call(packDetailRoute, { params: { packId } });
  if (res.state === 404) return null;
  if (res.state !== 200) throw new ApiStateError(res);
  return res.pack;
}

/**
 * The pack, fetched again on every entry (spec §2: the page reloads itself on entry); a served pack page came with
 * it (lib/served-answers.ts).
 */
export function usePackDetail(packId: string) {
  return useQuery({
    queryKey: packDetailKey(packId),
    queryFn: () => fetchPackDetail(packId),
    staleTime: 0,
    refetchOnMount: (query) => (isServed(query.queryKey) ? false : 'always'),
    enabled: packId !== '',
  });
}
