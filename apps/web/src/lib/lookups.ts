import { useQuery } from '@tanstack/react-query';
import { JAPAN_COUNTRY_ID, JAPAN_ZIPCODE, normaliseZipcode, type CountryCheck } from '@gacha/contract/user';
import type { ZipcodeAddress } from '@gacha/contract/address';
import { countriesRoute, countryCheckRoute, prefListRoute } from '@gacha/contract/routes/account';
import { zipcodeRoute } from '@gacha/contract/routes/address';
import { call, unwrap } from './api.ts';

/**
 * Look-ups more than one feature needs (registration, address registration, the country popup):
 * the country list, the prefecture list, the country check and the zip-code search.
 */

export const countriesKey = ['user', 'country'] as const;
export const prefListKey = ['user', 'pref_list'] as const;
export const countryCheckKey = ['user', 'country', 'check'] as const;

export function useCountries() {
  return useQuery({
    queryKey: countriesKey,
    queryFn: async () => unwrap(await call(countriesRoute, {})).list,
    staleTime: 10 * 60_000,
  });
}

export function usePrefList(enabled = true) {
  return useQuery({
    queryKey: prefListKey,
    queryFn: async () => unwrap(await call(prefListRoute, {})).list,
    staleTime: 10 * 60_000,
    enabled,
  });
}

export async function fetchCountryCheck(): Promise<CountryCheck> {
  return unwrap(await call(countryCheckRoute, {}, { background: true }));
}

export function useCountryCheck(enabled = true) {
  return useQuery({ queryKey: countryCheckKey, queryFn: fetchCountryCheck, enabled, staleTime: 0 });
}

/**
 * The 7 digits of a Japanese zip code as typed ('150-0001', full width…; the contract's normaliseZipcode, as the
 * server reads it), or null when it is not one yet.
 */
export function normaliseJapaneseZip(zip: string): string | null {
  const digits = normaliseZipcode(zip, JAPAN_COUNTRY_ID);
  return JAPAN_ZIPCODE.test(digits) ? digits : null;
}

/** POST /address/zipcode: the first hit, or null. Runs in the background (no overlay). */
export async function lookupZipcode(zipcode: string): Promise<ZipcodeAddress | null> {
  const res = await call(zipcodeRoute, { body: { zipcode } }, { background: true });
  if (res.state !== 200) return null;
  return res.result[0] ?? null;
}

/** Prefecture and city of a zip hit as text, in romaji for members reading English (towns have none). */
export function zipAddressText(hit: ZipcodeAddress, lang: string): { prefecture: string; city: string } {
  if (lang === 'en' && hit.address1_en) {
    return { prefecture: hit.address1_en, city: hit.address2_en || `${hit.address2}${hit.address3}` };
  }
  return { prefecture: hit.address1, city: `${hit.address2}${hit.address3}` };
}
