import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import type { BuyAnswer } from './api/payments.ts';
import { failureKey, formatDollars, purchaseAction, withQuery } from './purchase.ts';

const csrf = { name: 'n', value: 'v' };
const answer = (fields: Partial<BuyAnswer>): BuyAnswer => ({ state: 200, csrf, ...fields }) as BuyAnswer;
const BANK = {
  bank: 'Sandbox Bank',
  branch: 'Shop',
  account_type: 'Ordinary',
  number: '1234567',
  name: 'ガチャ',
};

describe('purchaseAction: the answer of POST /user/point/buy, in spec §4 order', () => {
  it('state 200 and result "1" is success: the complete page', () => {
    expect(purchaseAction(answer({ result: '1', pay_id: 1, payment_id: 'pay_a' }), 1)).toEqual({
      kind: 'navigate',
      to: '/complete-buy-point?payment_id=pay_a&pay_id=1',
    });
  });

  it('result "1" with another state is not a success', () => {
    const a = purchaseAction(answer({ state: 400, result: '1', message: 'No.' }), 1);
    expect(a).toMatchObject({ kind: 'alert', message: 'No.' });
  });

  it('"7" goes to the 3-D Secure path /api/acs/secure', () => {
    expect(
      purchaseAction(
        answer({ result: '7', payment_id: 'pay_b', acs_url: '/api/acs/secure?payment_id=pay_b' }),
        1,
      ),
    ).toEqual({ kind: 'location', href: '/api/acs/secure?payment_id=pay_b' });
    // without acs_url (or with a foreign one) the path is built from the payment id
    expect(purchaseAction(answer({ result: '7', payment_id: 'pay_c' }), 1)).toEqual({
      kind: 'location',
      href: '/api/acs/secure?payment_id=pay_c',
    });
    expect(
      purchaseAction(answer({ result: '7', payment_id: 'pay_c', acs_url: 'https://evil.example/' }), 1),
    ).toEqual({ kind: 'location', href: '/api/acs/secure?payment_id=pay_c' });
  });

  it('a url starting with http is navigated to (before the payment id)', () => {
    for (const url of ['https://checkout.stripe.com/c/pay/cs_1', 'http://127.0.0.1:3000/sandbox-pay/pay/x'])
      expect(purchaseAction(answer({ result: '3', pay_id: 3, payment_id: 'pay_d', url }), 3)).toEqual({
        kind: 'location',
        href: url,
      });
  });

  it('a url not starting with http is not navigated to', () => {
    const a = purchaseAction(answer({ result: '3', url: 'javascript:alert(1)' }), 11);
    expect(a).toEqual({ kind: 'alert', message: undefined, key: 'payment_failed_alipay' });
  });

  it('a convenience store payment_id goes to /confirm-combini, with or without a receipt number', () => {
    const to = '/confirm-combini?payment_id=pay_e';
    expect(
      purchaseAction(answer({ result: '2', pay_id: 2, payment_id: 'pay_e', receipt_number: '123' }), 2),
    ).toEqual({ kind: 'navigate', to });
    expect(purchaseAction(answer({ result: '2', pay_id: 2, payment_id: 'pay_e' }), 2)).toEqual({
      kind: 'navigate',
      to,
    });
  });

  it('a bank transfer goes to its bank page with the account, to the emailed-details page without', () => {
    expect(purchaseAction(answer({ result: '2', pay_id: 4, payment_id: 'pay_f', bank: BANK }), 4)).toEqual({
      kind: 'navigate',
      to: '/bank-transfer-information?payment_id=pay_f',
    });
    expect(purchaseAction(answer({ result: '2', pay_id: 4, payment_id: 'pay_f' }), 4)).toEqual({
      kind: 'navigate',
      to: '/payge-transfer-information?payment_id=pay_f',
    });
    // the answer's pay_id wins over the one the page sent
    expect(purchaseAction(answer({ result: '2', pay_id: 4, payment_id: 'pay_f' }), 2)).toMatchObject({
      to: '/payge-transfer-information?payment_id=pay_f',
    });
  });

  it('another pending method waits on the complete page', () => {
    expect(purchaseAction(answer({ result: '2', pay_id: 1, payment_id: 'pay_g' }), 1)).toEqual({
      kind: 'navigate',
      to: '/complete-buy-point?payment_id=pay_g&pay_id=1',
    });
  });

  it('isJp alerts that shipping to Japan is not possible', () => {
    expect(purchaseAction(answer({ result: '0', pay_id: 1, isJp: true }), 1)).toEqual({
      kind: 'alert',
      key: 'buy_from_japan',
    });
    expect(message('buy_from_japan', 'en')).toMatch(/Shipping to Japan is not available/);
  });

  it('a refused bank transfer name is a field error', () => {
    const res = answer({
      state: 400,
      result: '0',
      errors: { name: ['Please enter the account holder name in full-width katakana.'] },
    } as Partial<BuyAnswer>);
    expect(purchaseAction(res, 4)).toEqual({
      kind: 'field',
      field: 'name',
      message: 'Please enter the account holder name in full-width katakana.',
    });
  });

  it('a refusal shows the server message, else the method-specific failure message', () => {
    const refused = answer({
      state: 400,
      result: '0',
      payment_id: 'pay_h',
      message: 'Unable to connect to payment company. Please try again later.',
    });
    expect(purchaseAction(refused, 1)).toEqual({
      kind: 'alert',
      message: 'Unable to connect to payment company. Please try again later.',
      key: 'payment_failed_card',
    });
    const cases: [number, string][] = [
      [1, 'payment_failed_card'],
      [2, 'payment_failed_other'],
      [3, 'payment_failed_paypal'],
      [4, 'payment_failed_other'],
      [5, 'payment_failed_amazon'],
      [6, 'payment_failed_carrier'],
      [7, 'payment_failed_carrier'],
      [8, 'payment_failed_carrier'],
      [10, 'payment_failed_unionpay'],
      [11, 'payment_failed_alipay'],
    ];
    for (const [payId, key] of cases) {
      expect(purchaseAction(answer({ state: 400 }), payId), String(payId)).toEqual({
        kind: 'alert',
        message: undefined,
        key,
      });
      // an answer of state 200 that is none of the above is a failure too
      expect(purchaseAction(answer({ result: '0' }), payId)).toMatchObject({ kind: 'alert', key });
    }
  });

  it('the per-method messages read as spec §8 says, in both languages', () => {
    expect(message(failureKey(3), 'en')).toBe('PayPal payment failed. Please use other payment methods.');
    expect(message(failureKey(2), 'en')).toBe('Payment failed. Please use other payment methods.');
    expect(message(failureKey(1), 'en')).toMatch(/check your card details/);
    expect(message(failureKey(5), 'en')).toMatch(/^Amazon Pay/);
    expect(message(failureKey(10), 'en')).toMatch(/^UnionPay/);
    expect(message(failureKey(11), 'en')).toMatch(/^Alipay/);
    for (const id of [1, 2, 3, 4, 5, 6, 10, 11, 99]) expect(message(failureKey(id), 'ja')).toMatch(/失敗/);
  });
});

describe('helpers', () => {
  it('withQuery drops empty values', () => {
    expect(withQuery('/a', { x: 1, y: '', z: null, w: undefined })).toBe('/a?x=1');
    expect(withQuery('/a', {})).toBe('/a');
  });
  it('formatDollars', () => {
    expect(formatDollars(667)).toBe('$6.67');
    expect(formatDollars(Number.NaN)).toBe('$0.00');
  });
});
