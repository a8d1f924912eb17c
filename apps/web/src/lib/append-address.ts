import {
  appendAddressSchema,
  JAPAN_COUNTRY_ID,
  OVERSEAS_PREF_ID,
  type AppendAddressInput,
} from '@gacha/contract/user';
import type { FieldErrors } from '@gacha/contract/envelope';
import type { AddressFieldName } from '../components/address-fields.tsx';
import { api } from './api.ts';
import { catalogue } from './i18n.ts';
import { countryCheckKey } from './lookups.ts';
import { queryClient } from './query-client.ts';

/**
 * POST /user/append_address {tel, zipcode, country, pref_id, shiku, address, building, referralCode, country_id},
 * shared by the address registration page and the shipping address asked for before the first shipment.
 */
export async function appendAddress(input: AppendAddressInput) {
  const res = await api.post('user/append_address', input);
  if (res.state === 200) void queryClient.invalidateQueries({ queryKey: countryCheckKey });
  return res;
}

export type AddressValues = Record<AddressFieldName, string>;

/** The address block's text values as the payload; nothing chosen for the country is sent as absent ('country_invalid'). */
export function addressPayload(v: AddressValues): AppendAddressInput {
  const jp = Number(v.country_id) === JAPAN_COUNTRY_ID;
  return {
    country_id: (v.country_id ? Number(v.country_id) : undefined) as number,
    tel: v.tel.trim(),
    zipcode: v.zipcode.trim(),
    country: v.country.trim(),
    pref_id: jp && v.pref_id ? Number(v.pref_id) : OVERSEAS_PREF_ID,
    shiku: v.shiku.trim(),
    address: v.address.trim(),
    building: v.building.trim(),
  };
}

/**
 * The payload checked against the contract's schema: the first message per form field, in the member's
 * language. `rename` maps payload names to form names (referral_code → referralCode).
 */
export function addressErrors(
  payload: AppendAddressInput,
  fields: readonly string[],
  rename: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  const parsed = appendAddressSchema.safeParse(payload);
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    const field = rename[name] ?? name;
    if (out[field] || !fields.includes(field)) continue;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    out[field] = catalogue(issue.message, max !== undefined ? { max } : {});
  }
  return out;
}

/**
 * An answer's field errors put on the form's fields, focusing the first; answers how many it could place.
 * `rename` maps the server's names to form names.
 */
export function showFieldErrors<F extends string>(
  errors: FieldErrors | undefined,
  fields: readonly F[],
  setError: (name: F, error: { type: string; message: string }, opts: { shouldFocus: boolean }) => void,
  rename: Record<string, string> = {},
): number {
  let shown = 0;
  Object.entries(errors ?? {}).forEach(([name, list], i) => {
    const field = (rename[name] ?? name) as F;
    if (fields.includes(field) && list[0]) {
      setError(field, { type: 'server', message: list[0] }, { shouldFocus: i === 0 });
      shown++;
    }
  });
  return shown;
}
