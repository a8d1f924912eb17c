import type { MessageKey } from '@gacha/contract/messages';
import { METHOD_FAILURE_KEYS, payMethod } from '@gacha/contract/payments';
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
  const method = payMethod(Number(payId));
  return method ? METHOD_FAILURE_KEYS[method.key] : 'payment_failed_other';
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

/**
 * What to do with an answer of POST /user/point/buy, checked in the order of spec §4 Gem purchase:
 * 1. state 200 and result "1": paid → /complete-buy-point;
 * 2. result "7": the 3-D Secure step → /api/acs/secure (a full-page hop: the server redirects on);
 * 3. a url starting with http(s): the provider's page (PayPal, carrier, UnionPay, Alipay, Stripe Checkout);
 * 4. a payment_id of a pending payment: a bank transfer → /bank-transfer-information when the answer carries
 *    the account, else /payge-transfer-information (the details come by email); a convenience store payment →
 *    /confirm-combini (with or without a receipt number); any other pending method → /complete-buy-point,
 *    which waits for it;
 * 5. isJp: the alert that shipping to Japan is not possible (do not deposit);
 * 6. otherwise the failure alert: the server's message, or the method's own (spec §8).
 * A bank transfer name refused by the server is a field error under the name input.
 */
export function purchaseAction(res: BuyAnswer, payId: number): PurchaseAction {
  const method = Number(res.pay_id ?? payId);
  if (res.state !== State.ok) {
    if (res.isJp) return { kind: 'alert', key: 'buy_from_japan' };
    const nameError = firstFieldError(res.errors, 'name');
    if (nameError) return { kind: 'field', field: 'name', message: nameError };
    return { kind: 'alert', message: res.message, key: failureKey(method) };
  }
  const paymentId = res.payment_id;
  if (res.result === '1')
    return {
      kind: 'navigate',
      to: withQuery('/complete-buy-point', { payment_id: paymentId, pay_id: method }),
    };
  if (res.result === '7') {
    const href =
      res.acs_url && res.acs_url.startsWith('/api/acs/secure')
        ? res.acs_url
        : withQuery('/api/acs/secure', { payment_id: paymentId });
    return { kind: 'location', href };
  }
  if (res.url && /^https?:\/\//i.test(res.url)) return { kind: 'location', href: res.url };
  if (paymentId && res.result !== '0') {
    const key = payMethod(method)?.key;
    if (key === 'bank')
      return {
        kind: 'navigate',
        to: withQuery(res.bank ? '/bank-transfer-information' : '/payge-transfer-information', {
          payment_id: paymentId,
        }),
      };
    if (key === 'combini' || key === undefined)
      return { kind: 'navigate', to: withQuery('/confirm-combini', { payment_id: paymentId }) };
    return {
      kind: 'navigate',
      to: withQuery('/complete-buy-point', { payment_id: paymentId, pay_id: method }),
    };
  }
  if (res.isJp) return { kind: 'alert', key: 'buy_from_japan' };
  return { kind: 'alert', key: failureKey(method) };
}

/** The dollar price from cents: $6.67. */
export function formatDollars(cents: number): string {
  if (!Number.isFinite(cents)) return '$0.00';
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
