import { describe, expect, it } from 'vitest';
import { exchangeRefusal } from './refusal.ts';

const texts = { shippingToJapan: 'We cannot ship to Japan.', fallback: 'Something went wrong.' };

describe('exchangeRefusal', () => {
  it('a guest goes to login', () => {
    expect(exchangeRefusal({ state: 401, message: 'Please log in.' }, texts)).toEqual({ kind: 'login' });
  });

  it("result '-3' is 'Exchange limit exceeded' with the first count message", () => {
    expect(
      exchangeRefusal({ state: 409, result: '-3', errors: { count: ['Out of stock.', 'x'] } }, texts),
    ).toEqual({ kind: 'alert', title: 'limit', message: 'Out of stock.' });
  });

  it("any other count refusal is 'Coin shortage'", () => {
    expect(
      exchangeRefusal({ state: 400, result: '-1', errors: { count: ['Not enough coins.'] } }, texts),
    ).toEqual({
      kind: 'alert',
      title: 'short',
      message: 'Not enough coins.',
    });
  });

  it('no country address asks for the address; an address in Japan is refused with its message', () => {
    expect(exchangeRefusal({ state: 400, errors: { address: ['Register an address.'] } }, texts)).toEqual({
      kind: 'address',
    });
    expect(exchangeRefusal({ state: 400, errors: { address: [texts.shippingToJapan] } }, texts)).toEqual({
      kind: 'alert',
      title: 'error',
      message: texts.shippingToJapan,
    });
  });

  it('an unknown card says what the server said', () => {
    expect(exchangeRefusal({ state: 404, message: 'This card cannot be exchanged.' }, texts)).toEqual({
      kind: 'alert',
      title: 'error',
      message: 'This card cannot be exchanged.',
    });
    expect(exchangeRefusal({ state: 404 }, texts)).toEqual({
      kind: 'alert',
      title: 'error',
      message: texts.fallback,
    });
  });
});
