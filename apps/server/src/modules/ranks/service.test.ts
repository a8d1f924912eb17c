import { describe, expect, it } from 'vitest';
import { discountedPrice, jstMonthRange } from './service.ts';

describe('rank discount', () => {
  it('is 0% for White and Bronze, 3% Silver, 5% Gold, 10% Rainbow, rounded down for the member', () => {
    expect(discountedPrice(1000, 1)).toEqual({ price: 1000, discountPercent: 0 });
    expect(discountedPrice(1000, 2)).toEqual({ price: 1000, discountPercent: 0 });
    expect(discountedPrice(1000, 3)).toEqual({ price: 970, discountPercent: 3 });
    expect(discountedPrice(1000, 4)).toEqual({ price: 950, discountPercent: 5 });
    expect(discountedPrice(1000, 5)).toEqual({ price: 900, discountPercent: 10 });
    // 333 × 0.97 = 323.01 → 323; 999 × 0.95 = 949.05 → 949; 15 × 0.9 = 13.5 → 13
    expect(discountedPrice(333, 3).price).toBe(323);
    expect(discountedPrice(999, 4).price).toBe(949);
    expect(discountedPrice(15, 5).price).toBe(13);
  });

  it('computes the JST month', () => {
    // 2026-11-30 16:00 UTC is 2026-12-01 01:00 JST
    expect(jstMonthRange(new Date('2026-11-30T16:00:00Z'))).toEqual({
      start: '2026-11-30T15:00:00.000Z',
      end: '2026-12-31T15:00:00.000Z',
    });
  });
});
