import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bannersRoute } from '@gacha/contract/routes/site';
import type { Banners } from '@gacha/contract/site';
import { call, unwrap } from '../../../lib/api.ts';
import { useLang } from '../../../lib/i18n.ts';

export type TopBanner = Banners['top'][number];
export type AlertNotice = Banners['alerts'][number];

/**
 * GET /user/banners: the Top carousel and the notices above the tabs that are live now (the server applies the
 * windows and banner 1's campaign swap), in the member's language (the `lang` cookie, so the cache keeps one
 * answer per language; a switch shows the previous language's answer until the new one is in). Asked again each
 * minute while Top is open, so a window that opens or closes shows without a reload (an unchanged answer
 * re-renders nothing).
 */
export async function fetchBanners(): Promise<Banners> {
  // the Top page asks for this before its first paint: the route's schema (and zod) load alongside the request
  return unwrap(await call(bannersRoute, {}, { background: true }));
}

export function useBanners() {
  const lang = useLang();
  return useQuery({
    queryKey: ['site', 'banners', lang],
    queryFn: fetchBanners,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
