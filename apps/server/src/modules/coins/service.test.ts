import { describe, expect, it } from 'vitest';
import { coinsForGems } from './service.ts';

describe('coins earned on gem packs', () => {
  it('gives a tenth of a coin per 100 gems and carries the remainder', () => {
    expect(coinsForGems(0, 99)).toEqual({ earnedTenths: 0, carry: 99 });
    expect(coinsForGems(99, 1)).toEqual({ earnedTenths: 1, carry: 0 });
    expect(coinsForGems(50, 1250)).toEqual({ earnedTenths: 13, carry: 0 });
    expect(coinsForGems(0, 12_345)).toEqual({ earnedTenths: 123, carry: 45 });
  });
});
