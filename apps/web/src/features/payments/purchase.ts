import type { MessageKey } from '@gacha/contract/messages';
import { payMethod } from '@gacha/contract/payments';
import { State } from '../../lib/api.ts';
import type { BuyAnswer } from './api/payments.ts';

/** What the client does with an answer of POST /user/point/buy (spec §4 Gem purchase, in this order). */
export type PurchaseAction =
  | { kind: 'navigate'; to: string }
  | { kind: 'location'; href: string }
  | { kind: 'alert'; message?: string; key: MessageKey }
  | { kind: 'field'; field: string; message: string };

/** The failure message of a method when the server sent none (spec §8). */
export function failureKey(payId: number | null | undefined): MessageKey {
  switch (payMethod(Number(payId))?.key) {
    case 'card':
      return 'payment_failed_card';
    case 'paypal':
      return 'payment_failed_paypal';
    case 'amazon_pay':
      return 'payment_failed_amazon';
    case 'unionpay':
      return 'payment_failed_unionpay';
    case 'alipay':
      return 'payment_failed_alipay';
    case 'carrier':
      return 'payment_failed_carrier';
    default:
      return 'payment_failed_other';
  }
}

function firstFieldError(errors: unknown, field: string): string | undefined {
  const list = (errors as Record<string, unknown> | undefined)?.[field];
  if (Array.isArray(list) && list.length) return String(list[0]);
  return typeof list === 'string' ? list : undefined;
}

/** Builds '/path?a=1&b=2' from the defined values. */
export function withQuery(path: string, values: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function purchaseAction(res: BuyAnswer, payId: number): PurchaseAction {
  if (res.state !== State.ok) {
    const nameError = firstFieldError(res.errors, 'name');
    if (nameError) return { kind: 'field', field: 'name', message: nameError };
    return { kind: 'alert', message: res.message, key: failureKey(payId) };
  }
  const paymentId = res.payment_id;
  if (res.result === '1')
    return {
      kind: 'navigate',
      to: withQuery('/complete-buy-point', { payment_id: paymentId, pay_id: payId }),
    };
  if (res.result === '7' && res.acs_url) return { kind: 'location', href: res.acs_url };
  if (res.url && /^https?:\/\//i.test(res.url)) return { kind: 'location', href: res.url };
  if (paymentId && res.receipt_number)
    return { kind: 'navigate', to: withQuery('/confirm-combini', { payment_id: paymentId }) };
  if (res.result === '2' && (res.pay_id ?? payId) === 4 && paymentId)
    return { kind: 'navigate', to: withQuery('/bank-transfer-information', { payment_id: paymentId }) };
  if (res.isJp) return { kind: 'alert', key: 'buy_from_japan' };
  return { kind: 'alert', message: res.message, key: failureKey(payId) };
}

/** The dollar price from cents: $6.67. */
export function formatDollars(cents: number): string {
  if (!Number.isFinite(cents)) return '$0.00';
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
