import { useQuery } from '@tanstack/react-query';
import { PaymentMethod, packListAnswerSchema, type PackList } from '@gacha/contract/packs';
import { api, unwrap } from '../../../lib/api.ts';

/** POST /user/pack/list {payment_method: 2}: the coin packs (the exchange counter's Coin Gacha tab). */
export async function fetchCoinPacks(): Promise<PackList> {
  return unwrap(
    await api.post(
      'user/pack/list',
      { payment_method: PaymentMethod.coin },
      { answer: packListAnswerSchema },
    ),
  );
}

export function useCoinPacks(enabled = true) {
  return useQuery({ queryKey: ['exchange', 'coin-packs'], queryFn: fetchCoinPacks, staleTime: 0, enabled });
}
