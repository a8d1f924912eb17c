import { describe, expect, it } from 'vitest';
import { taxIncluded } from './tax.ts';

describe('taxIncluded: the 10% consumption tax inside a displayed price, round(price × 10 / 110) half up', () => {
  it.each([
    [300, 27], // 27.27
    [500, 45], // 45.45
    [1000, 91], // 90.90
    [1100, 100], // exact
    [3000, 273], // 272.72
    [10_000, 909], // 909.09
    [50_000, 4545], // 4545.45
    [6, 1], // 0.545 rounds up
    [5, 0], // 0.454 rounds down
    [17, 2], // 1.545
    [16, 1], // 1.454
  ])('¥%i holds ¥%i of tax', (price, tax) => {
    expect(taxIncluded(price)).toBe(tax);
  });

  it('agrees with the formula for every price of the purchase range', () => {
    for (let price = 1; price <= 50_000; price++) {
      const exact = (price * 10) / 110;
      const expected = Math.floor(exact) + (exact - Math.floor(exact) >= 0.5 - 1e-9 ? 1 : 0);
      if (taxIncluded(price) !== expected) throw new Error(`¥${price}: ${taxIncluded(price)} ≠ ${expected}`);
    }
  });

  it('rounds a half up (the rounding itself, at a price whose tenth of 110 is exactly .5)', () => {
    // 5.5 × 10 / 110 = 0.5: prices are whole yen, so the input is rounded first (6 → 0.545 → 1)
    expect(taxIncluded(5.5)).toBe(1);
  });

  it('nothing for a free or a nonsense price', () => {
    expect(taxIncluded(0)).toBe(0);
    expect(taxIncluded(-100)).toBe(0);
    expect(taxIncluded(Number.NaN)).toBe(0);
  });
});
