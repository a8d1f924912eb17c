import type { FieldErrors } from '@gacha/contract/envelope';
import { firstError } from '../../lib/api.ts';

/** What the page does with a refused check or exchange (spec §4 Exchange, §8). */
export type ExchangeRefusal =
  | { kind: 'login' }
  | { kind: 'address' }
  | { kind: 'alert'; title: 'limit' | 'short' | 'error'; message: string };

interface Refused {
  state: number;
  errors?: FieldErrors;
  message?: string;
  result?: unknown;
}

/**
 * A refusal's next step: not logged in → /login; no shipping address (errors.address) → the address form first,
 * unless the address is in Japan, which is not shipped to (its message in an OK modal); otherwise an OK modal
 * titled 'Exchange limit exceeded' for result '-3', 'Coin shortage' for any other errors.count refusal, with the
 * first message of errors.count. A refusal without either (an unknown card) says what the server said.
 */
export function exchangeRefusal(
  res: Refused,
  texts: { shippingToJapan: string; fallback: string },
): ExchangeRefusal {
  if (res.state === 401) return { kind: 'login' };
  const address = firstError(res.errors, 'address');
  if (address) {
    return address === texts.shippingToJapan
      ? { kind: 'alert', title: 'error', message: address }
      : { kind: 'address' };
  }
  const count = firstError(res.errors, 'count');
  const message = count ?? res.message ?? texts.fallback;
  if (res.result === '-3') return { kind: 'alert', title: 'limit', message };
  if (count || res.result === '-1') return { kind: 'alert', title: 'short', message };
  return { kind: 'alert', title: 'error', message };
}
