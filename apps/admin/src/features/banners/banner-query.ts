import { useQuery } from '@tanstack/react-query';
import type { AdminBannerRow, AdminBannerStatus } from '@gacha/contract/admin-shop';
import { bannerDetailRoute } from '@gacha/contract/routes/admin-shop';
import { call, unwrap } from '../../lib/api.ts';
import { windowPhase } from '../../lib/jst-window.ts';

export const BANNERS_KEY = ['admin', 'banners'] as const;

/** One banner or notice, read by its id, with whether the shop shows it now. */
export function useBanner(id: number | null) {
  return useQuery({
    queryKey: [...BANNERS_KEY, 'one', id],
    queryFn: async () => unwrap(await call(bannerDetailRoute, { params: { id: id! } })).banner,
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}

/** Where a banner stands (the list's status filter, worked out here for one). */
export type BannerStatus = AdminBannerStatus;

export function bannerStatus(b: AdminBannerRow, now = Date.now()): BannerStatus {
  if (b.live) return 'live';
  if (!b.enabled) return 'off';
  const phase = windowPhase(b.starts_at, b.ends_at, now);
  return phase === 'open' ? 'replaced' : phase;
}
