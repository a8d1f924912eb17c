import type { AppendAddressInput } from '@gacha/contract/user';
import { api } from '../../../lib/api.ts';

/** POST /user/append_address {tel, zipcode, country, pref_id, shiku, address, building, referralCode, country_id}. */
export function appendAddress(input: AppendAddressInput) {
  return api.post('user/append_address', input);
}
