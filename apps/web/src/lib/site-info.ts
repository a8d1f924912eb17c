import { useQuery } from '@tanstack/react-query';
import { siteInfoRoute } from '@gacha/contract/routes/site';
import type { SiteInfo } from '@gacha/contract/site';
import { call, unwrap } from './api.ts';
import { useLang } from './i18n.ts';
import { CONTACT_PATH } from './links.ts';

/**
 * GET /user/site_info: the seller's details (configuration), the phone note and the support hours in the member's
 * language (the server reads the language cookie, so the cache keeps one answer per language). The legal pages,
 * the how-to-play tab and the contact page show them.
 */
export const siteInfoKey = ['site', 'info'] as const;

export async function fetchSiteInfo(): Promise<SiteInfo> {
  return unwrap(await call(siteInfoRoute, {}, { background: true }));
}

export function useSiteInfo(enabled = true) {
  const lang = useLang();
  return useQuery({
    queryKey: [...siteInfoKey, lang],
    queryFn: fetchSiteInfo,
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** The {{placeholders}} of the Markdown pages (src/content), filled from the site info. */
export type DocValues = Record<
  | 'sellerName'
  | 'sellerRepresentative'
  | 'sellerAddress'
  | 'sellerEmail'
  | 'sellerPhoneNote'
  | 'supportHours'
  | 'contactUrl',
  string
>;

/** The values of the placeholders; without the site info (it failed to load) a dash stands for each detail. */
export function docValues(info: SiteInfo | undefined): DocValues {
  const or = (value: string | undefined) => value?.trim() || '—';
  return {
    sellerName: or(info?.seller_name),
    sellerRepresentative: or(info?.seller_representative),
    sellerAddress: or(info?.seller_address),
    sellerEmail: or(info?.seller_email),
    sellerPhoneNote: or(info?.seller_phone_note),
    supportHours: or(info?.support_hours),
    contactUrl: CONTACT_PATH,
  };
}
