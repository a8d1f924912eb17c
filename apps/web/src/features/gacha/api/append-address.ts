import type { AppendAddressInput } from '@gacha/contract/user';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { countryCheckKey } from '../../../lib/lookups.ts';

/** POST /user/append_address: the shipping address asked for before the first shipment. */
export async function appendAddress(input: AppendAddressInput) {
  const res = await api.post('user/append_address', input);
  if (res.state === 200) {
    void queryClient.invalidateQueries({ queryKey: countryCheckKey });
    void queryClient.invalidateQueries({ queryKey: ['gacha', 'result'] });
  }
  return res;
}
