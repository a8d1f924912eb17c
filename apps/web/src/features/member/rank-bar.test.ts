import { describe, expect, it } from 'vitest';
import { rankBarPercent } from './rank-bar.ts';

describe('rankBarPercent (my page rank bar width)', () => {
  it('is 0 when nothing was spent', () => {
    expect(rankBarPercent(0, 10000)).toBe(0);
  });

  it('is proportional below the maximum', () => {
    expect(rankBarPercent(5000, 10000)).toBe(50);
    expect(rankBarPercent(2500, 10000)).toBe(25);
    expect(rankBarPercent(1, 3)).toBeCloseTo(33.333, 3);
  });

  it('is 100 at the maximum and is capped at 100 above it', () => {
    expect(rankBarPercent(10000, 10000)).toBe(100);
    expect(rankBarPercent(10001, 10000)).toBe(100);
    expect(rankBarPercent(250000, 10000)).toBe(100);
  });

  it('handles a maximum of 0 (top rank or no threshold) without dividing by it', () => {
    expect(rankBarPercent(0, 0)).toBe(0);
    expect(rankBarPercent(500, 0)).toBe(100);
  });

  it('treats negative and non-finite inputs as nothing spent or no maximum', () => {
    expect(rankBarPercent(-100, 10000)).toBe(0);
    expect(rankBarPercent(Number.NaN, 10000)).toBe(0);
    expect(rankBarPercent(Number.POSITIVE_INFINITY, 10000)).toBe(0);
    expect(rankBarPercent(5000, -1)).toBe(100);
    expect(rankBarPercent(5000, Number.NaN)).toBe(100);
    expect(rankBarPercent(Number.NaN, Number.NaN)).toBe(0);
    expect(rankBarPercent(-5, -5)).toBe(0);
  });

  it('always returns a finite width between 0 and 100', () => {
    const samples = [-1, 0, 1, 999, 1e9, Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (const current of samples) {
      for (const max of samples) {
        const width = rankBarPercent(current, max);
        expect(Number.isFinite(width)).toBe(true);
        expect(width).toBeGreaterThanOrEqual(0);
        expect(width).toBeLessThanOrEqual(100);
      }
    }
  });
});
