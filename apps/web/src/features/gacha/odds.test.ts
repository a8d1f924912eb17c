import { describe, expect, it } from 'vitest';
import { barShare, formatChance } from './odds.ts';

describe('formatChance', () => {
  it('writes three significant digits, none as 0% and a certainty as 100%', () => {
    expect(formatChance(1 / 3, 'en')).toBe('33.3%');
    expect(formatChance(0.025, 'en')).toBe('2.5%');
    expect(formatChance(1 / 3000, 'en')).toBe('0.0333%');
    expect(formatChance(1 / 3000, 'ja')).toBe('0.0333%');
    expect(formatChance(0, 'en')).toBe('0%');
    expect(formatChance(1, 'ja')).toBe('100%');
    expect(formatChance(0.9999, 'en')).toBe('>99.9%'); // not rounded up to a certainty
  });

  it('gives a visible sliver to any count above zero', () => {
    expect(barShare(0, 10)).toBe(0);
    expect(barShare(1, 1000)).toBe(2);
    expect(barShare(5, 10)).toBe(50);
    expect(barShare(3, 0)).toBe(0);
  });
});
