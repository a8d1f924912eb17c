import {
  JAPAN_COUNTRY_ID,
  normaliseZipcode,
  OVERSEAS_PREF_ID,
  type AppendAddressInput,
  type UserDetail,
} from '@gacha/contract/user';
import { appendAddressRoute } from '@gacha/contract/routes/account';
import type { AddressFieldName } from '../components/address-fields.tsx';
import { call } from './api.ts';
import { countryCheckKey } from './lookups.ts';
import { queryClient } from './query-client.ts';
import { userDetailKey } from './user-detail.ts';

/**
 * POST /user/append_address {tel, zipcode, country, pref_id, shiku, address, building, referralCode, country_id},
 * shared by the address registration page and the shipping address asked for before the first shipment.
 */
export async function appendAddress(input: AppendAddressInput) {
  const res = await call(appendAddressRoute, { body: input });
  if (res.state === 200) {
    void queryClient.invalidateQueries({ queryKey: countryCheckKey });
    void queryClient.invalidateQueries({ queryKey: userDetailKey });
  }
  return res;
}

export type AddressValues = Record<AddressFieldName, string>;

type StoredAddress = Pick<
  UserDetail,
  'tel' | 'zipcode' | 'country' | 'pref_id' | 'shiku' | 'address' | 'building' | 'country_id'
>;

/**
 * Query names of the address fields (spec §2 /user-address: initial values come from the query, for a link that
 * opens the form; the app itself never puts an address in a URL).
 */
export const ADDRESS_QUERY_NAMES = {
  country_id: 'countryId',
  zipcode: 'zipCode',
  pref_id: 'prefectureId',
  country: 'country',
  shiku: 'shiku',
  address: 'address',
  building: 'building',
  tel: 'tel',
} as const satisfies Record<AddressFieldName, string>;

/**
 * Where an address form starts: what the member has stored (the phone number given at registration
 * included), with the query's values over it. A form never starts empty on data the member already gave.
 */
export function addressDefaults(
  stored?: Partial<StoredAddress> | null,
  query?: URLSearchParams,
): AddressValues {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const base: AddressValues = {
    country_id: text(stored?.country_id),
    zipcode: text(stored?.zipcode),
    pref_id: stored?.pref_id === OVERSEAS_PREF_ID ? '' : text(stored?.pref_id),
    country: text(stored?.country),
    shiku: text(stored?.shiku),
    address: text(stored?.address),
    building: text(stored?.building),
    tel: text(stored?.tel),
  };
  for (const name of Object.keys(base) as AddressFieldName[]) {
    const given = query?.get(ADDRESS_QUERY_NAMES[name]);
    if (given) base[name] = given;
  }
  return base;
}

const CONFIRM_KEY = 'gacha.address.confirm';

/** What /user-address hands to /confirm-user-address, and what Back hands to the form. */
export interface AddressToConfirm {
  values: AddressValues;
  referralCode: string;
}

/**
 * The checked address (and the referral code) for /confirm-user-address, kept in sessionStorage: an address and a
 * phone number in a URL would stay in the history, the server's logs and the Referer of what the page loads.
 */
export function saveAddressToConfirm(values: AddressValues, referralCode = ''): void {
  const only = addressDefaults(null);
  for (const name of Object.keys(only) as AddressFieldName[]) only[name] = values[name] ?? '';
  const kept: AddressToConfirm = { values: only, referralCode: referralCode.trim() };
  try {
    sessionStorage.setItem(CONFIRM_KEY, JSON.stringify(kept));
  } catch {
    // storage blocked: the confirm page sends the member back to the form
  }
}

export function readAddressToConfirm(): AddressToConfirm | null {
  try {
    const raw = sessionStorage.getItem(CONFIRM_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: Record<string, unknown>; referralCode?: unknown };
    if (!parsed.values || typeof parsed.values !== 'object') return null;
    const values = addressDefaults(null);
    for (const name of Object.keys(values) as AddressFieldName[]) {
      const v = parsed.values[name];
      if (typeof v === 'string') values[name] = v.slice(0, 300);
    }
    const referralCode = typeof parsed.referralCode === 'string' ? parsed.referralCode.slice(0, 100) : '';
    return { values, referralCode };
  } catch {
    return null;
  }
}

/** Saved (or the member logged out): the address goes. */
export function clearAddressToConfirm(): void {
  try {
    sessionStorage.removeItem(CONFIRM_KEY);
  } catch {
    // ignore
  }
}

/** The address block's text values as the payload; nothing chosen for the country is sent as absent ('country_invalid'). */
export function addressPayload(v: AddressValues): AppendAddressInput {
  const jp = Number(v.country_id) === JAPAN_COUNTRY_ID;
  return {
    country_id: (v.country_id ? Number(v.country_id) : undefined) as number,
    tel: v.tel.trim(),
    zipcode: normaliseZipcode(v.zipcode, v.country_id), // as stored: '150-0001' → '1500001' in Japan
    country: v.country.trim(),
    pref_id: jp && v.pref_id ? Number(v.pref_id) : OVERSEAS_PREF_ID,
    shiku: v.shiku.trim(),
    address: v.address.trim(),
    building: v.building.trim(),
  };
}
