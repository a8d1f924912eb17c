import { useQuery } from '@tanstack/react-query';
import { adminBannerListSchema, type AdminBannerRow } from '@gacha/contract/admin-shop';
import { api, unwrap } from '../../lib/api.ts';
import { windowPhase } from '../../lib/jst-window.ts';

export const BANNERS_KEY = ['admin', 'banners'] as const;

/** Every banner and notice (GET /api/admin/banners: notices last, then by sort), with whether each is live. */
export function useBanners() {
  return useQuery({
    queryKey: BANNERS_KEY,
    queryFn: async () => unwrap(await api.get('admin/banners', adminBannerListSchema)).list,
  });
}

/**
 * Where a banner stands: live on the shop; switched off; before or after its window; or inside it but not shown
 * because another Top banner holds its slot (a windowed one takes the slot from one without a window).
 */
export type BannerStatus = 'live' | 'off' | 'upcoming' | 'ended' | 'replaced';

export function bannerStatus(b: AdminBannerRow, now = Date.now()): BannerStatus {
  if (b.live) return 'live';
  if (!b.enabled) return 'off';
  const phase = windowPhase(b.starts_at, b.ends_at, now);
  return phase === 'open' ? 'replaced' : phase;
}
