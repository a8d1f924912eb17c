import { describe, expect, it } from 'vitest';
import { pathId, pathPage, queryId, queryPaymentId } from './path.ts';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? 'ok' : r.error!.issues[0]!.message;

describe('path and query values', () => {
  it('ids: digits only, at least 1, at most 9 digits; otherwise the given not-found key', () => {
    const id = pathId('pack_not_found');
    expect(id.parse('42')).toBe(42);
    for (const bad of ['0', 'abc', '-1', '1e3', '1234567890', '', ['1']]) {
      expect(messageOf(id.safeParse(bad)), JSON.stringify(bad)).toBe('pack_not_found');
    }
  });

  it('an optional query id is absent when empty, and refused when it is something else', () => {
    expect(queryId().parse(undefined)).toBeUndefined();
    expect(queryId().parse('')).toBeUndefined();
    expect(queryId().parse('7')).toBe(7);
    expect(messageOf(queryId('point_price_not_found').safeParse('x'))).toBe('point_price_not_found');
    expect(messageOf(queryId().safeParse(['1', '2']))).toBe('not_found');
  });

  it('pages: empty is 1, 0 is 1, anything but up to 6 digits is invalid', () => {
    expect([undefined, '', '0', '3'].map((p) => pathPage.parse(p))).toEqual([1, 1, 1, 3]);
    for (const bad of ['abc', '-1', '9999999']) expect(messageOf(pathPage.safeParse(bad))).toBe('invalid');
  });

  it('payment ids: letters, digits, _ and -, up to 64', () => {
    expect(queryPaymentId.parse('pay_A-1')).toBe('pay_A-1');
    expect(queryPaymentId.parse('')).toBeUndefined();
    for (const bad of ["';--", 'a'.repeat(65), ['a', 'b']]) {
      expect(messageOf(queryPaymentId.safeParse(bad))).toBe('payment_not_found');
    }
  });
});
