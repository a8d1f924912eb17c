import { useQuery } from '@tanstack/react-query';
import type { LiveOdds } from '@gacha/contract/pack-fairness';
import { liveOddsRoute } from '@gacha/contract/routes/fairness';
import { call, unwrap } from '../../../lib/api.ts';

/** Under ['gacha', 'fairness'], which a purchase marks stale (buy-packs.ts): the odds refresh after one. */
export const liveOddsKey = (packId: string) => ['gacha', 'fairness', 'odds', packId] as const;

/** How often an open pack page reads the odds again, for the purchases of others. */
export const LIVE_ODDS_REFRESH_MS = 15_000;

/**
 * Where a release room's stream is open the odds are read again on its pushes instead (use-room-live.ts), at
 * most this often.
 */
export const ROOM_ODDS_MIN_MS = 5_000;

/** GET /user/pack/odds/{packId}: the remaining pool, per tier and top prize, and the chance on the next play. */
export async function fetchLiveOdds(packId: string): Promise<LiveOdds> {
  // the route's schemas load with the first answer: the pack page starts without building pack-fairness.ts's
  return unwrap(await call(liveOddsRoute, { params: { packId } }, { background: true }));
}

/** `poll`: read again every LIVE_ODDS_REFRESH_MS (off while a room's stream pushes the changes). */
export function useLiveOdds(packId: string, enabled = true, poll = true) {
  return useQuery({
    queryKey: liveOddsKey(packId),
    queryFn: () => fetchLiveOdds(packId),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: poll ? LIVE_ODDS_REFRESH_MS : false,
    enabled: enabled && packId !== '',
  });
}
