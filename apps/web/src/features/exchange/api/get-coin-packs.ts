import { useQuery } from '@tanstack/react-query';
import { PaymentMethod, type PackList } from '@gacha/contract/packs';
import { packsByPaymentRoute } from '@gacha/contract/routes/packs';
import { call, unwrap } from '../../../lib/api.ts';

/** POST /user/pack/list {payment_method: 2}: the coin packs (the exchange counter's Coin Gacha tab). */
export async function fetchCoinPacks(): Promise<PackList> {
  return unwrap(await call(packsByPaymentRoute, { body: { payment_method: PaymentMethod.coin } }));
}

export function useCoinPacks(enabled = true) {
  return useQuery({ queryKey: ['exchange', 'coin-packs'], queryFn: fetchCoinPacks, staleTime: 0, enabled });
}
