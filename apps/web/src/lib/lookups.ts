import { useQuery } from '@tanstack/react-query';
import {
  countryCheckSchema,
  idNameListSchema,
  JAPAN_COUNTRY_ID,
  JAPAN_ZIPCODE,
  normaliseZipcode,
  type CountryCheck,
} from '@gacha/contract/user';
import { zipcodeAnswerSchema, type ZipcodeAddress } from '@gacha/contract/address';
import { api, unwrap } from './api.ts';

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
    queryFn: async () => unwrap(await api.get('user/country', { answer: idNameListSchema })).list,
    staleTime: 10 * 60_000,
  });
}

export function usePrefList(enabled = true) {
  return useQuery({
    queryKey: prefListKey,
    queryFn: async () => unwrap(await api.get('user/pref_list', { answer: idNameListSchema })).list,
    staleTime: 10 * 60_000,
    enabled,
  });
}

export async function fetchCountryCheck(): Promise<CountryCheck> {
  return unwrap(await api.get('user/country/check', { answer: countryCheckSchema, background: true }));
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
  const res = await api.post(
    'address/zipcode',
    { zipcode },
    { answer: zipcodeAnswerSchema, background: true },
  );
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
