import { describe, expect, it } from 'vitest';
import { countOptions, listPrice, maxPurchaseCount, parseCount } from './purchase.ts';

describe('purchase count (spec §5)', () => {
  it('is the smallest of remaining, 3000 and max_buy_count when above 0', () => {
    expect(maxPurchaseCount({ pack_count: 258, max_buy_count: 0 })).toBe(258);
    expect(maxPurchaseCount({ pack_count: 258, max_buy_count: 10 })).toBe(10);
    expect(maxPurchaseCount({ pack_count: 9000, max_buy_count: 0 })).toBe(3000);
    expect(maxPurchaseCount({ pack_count: 3, max_buy_count: 10 })).toBe(3);
    expect(maxPurchaseCount({ pack_count: 0, max_buy_count: 0 })).toBe(0);
  });

  it('offers 1..max', () => {
    expect(countOptions(3)).toEqual([1, 2, 3]);
    expect(countOptions(0)).toEqual([]);
    expect(countOptions(3000)).toHaveLength(3000);
  });

  it('parses a count from the query, refusing 0, negatives and text, clamping to the max', () => {
    expect(parseCount('3')).toBe(3);
    expect(parseCount('0')).toBeNull();
    expect(parseCount('-1')).toBeNull();
    expect(parseCount('abc')).toBeNull();
    expect(parseCount(null)).toBeNull();
    expect(parseCount('3001')).toBe(3000);
    expect(parseCount('12', 10)).toBe(10);
  });

  it('prices count × point', () => {
    expect(listPrice(1000, 3)).toBe(3000);
    expect(listPrice(300, 0)).toBe(0);
  });
});
