import type { AppendAddressInput } from '@gacha/contract/user';
import { appendAddress as postAddress } from '../../../lib/append-address.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST /user/append_address before the first shipment; the purchase results then know the member's country. */
export async function appendAddress(input: AppendAddressInput) {
  const res = await postAddress(input);
  if (res.state === 200) void queryClient.invalidateQueries({ queryKey: ['gacha', 'result'] });
  return res;
}
