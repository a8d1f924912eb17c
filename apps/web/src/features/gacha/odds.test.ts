import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barShare, formatChance } from './odds.ts';

describe('formatChance', () => {
  it('writes three significant digits, none as 0% and a certainty as 100%', () => {
    expect(formatChance(1 / 3)).toBe('33.3%');
    expect(formatChance(0.025)).toBe('2.5%');
    expect(formatChance(1 / 3000)).toBe('0.0333%');
    expect(formatChance(0)).toBe('0%');
    expect(formatChance(1)).toBe('100%');
    expect(formatChance(0.9999)).toBe('>99.9%'); // not rounded up to a certainty
  });

  it('rounds a chance halfway at its third digit up, as Intl does (the decimal, not its binary value)', () => {
    expect(formatChance(219 / 2000)).toBe('11%'); // 10.95%
    expect(formatChance(221 / 20000)).toBe('1.11%'); // 1.105%
    expect(formatChance(9.995 / 100)).toBe('10%');
  });

  it("writes every chance of a pool of up to 1,500 lots as Intl's percent format does, in both languages", () => {
    const formats = ['en-US', 'ja-JP'].map(
      (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumSignificantDigits: 3 }),
    );
    for (let whole = 1; whole <= 1500; whole++)
      for (let part = 1; part < whole; part++) {
        const chance = part / whole;
        if (chance > 0.999) continue;
        for (const format of formats) {
          const expected = format.format(chance);
          if (formatChance(chance) !== expected)
            expect(`${part}/${whole}: ${formatChance(chance)}`).toBe(expected);
        }
      }
  }, 60_000); // 2.2 million formats: about 2 s alone, several times that on a busy CI machine

  it("writes any chance of a pool of up to a million lots as Intl's percent format does, in both languages", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        const chance = Math.min(a, b) / Math.max(a, b);
        if (chance > 0.999) return;
        for (const locale of ['en-US', 'ja-JP'])
          expect(formatChance(chance)).toBe(
            new Intl.NumberFormat(locale, { style: 'percent', maximumSignificantDigits: 3 }).format(chance),
          );
      }),
      { numRuns: 2000 },
    );
  });

  it('gives a visible sliver to any count above zero', () => {
    expect(barShare(0, 10)).toBe(0);
    expect(barShare(1, 1000)).toBe(2);
    expect(barShare(5, 10)).toBe(50);
    expect(barShare(3, 0)).toBe(0);
  });
});
