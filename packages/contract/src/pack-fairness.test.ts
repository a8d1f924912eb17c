import { describe, expect, it } from 'vitest';
import { chanceOf, practiceInputSchema, recordQuerySchema, tiersOf, topPrizeIds } from './pack-fairness.ts';

const prize = (prize_id: number, rarity: number, quantity = 1, is_last_one = false) => ({
  prize_id,
  rarity,
  rarity_label: `R${rarity}`,
  quantity,
  is_last_one,
});

describe('the odds rules', () => {
  it('names the scarce prizes of the two best rarities as top prizes, best first, never the last-one prize', () => {
    const prizes = [
      prize(1, 1, 50),
      prize(2, 5, 3),
      prize(3, 7),
      prize(4, 6, 2),
      prize(5, 7),
      prize(9, 7, 1, true),
    ];
    expect(topPrizeIds(prizes)).toEqual([3, 5, 4]);
    expect(topPrizeIds([prize(1, 2, 10)])).toEqual([1]);
    const many = Array.from({ length: 20 }, (_, i) => prize(i + 1, 7));
    expect(topPrizeIds(many)).toHaveLength(12);
    // a prize of hundreds of lots is a tier, not a top prize
    expect(topPrizeIds([prize(1, 7, 11), prize(2, 7, 10), prize(3, 6, 500), prize(4, 1, 5)])).toEqual([2]);
  });

  it('groups tiers by rarity with the label of the first prize, last-one prizes left out', () => {
    const prizes = [
      { ...prize(5, 3, 4), rarity_label: 'later' },
      { ...prize(2, 3, 6), rarity_label: 'first' },
      prize(1, 7, 1),
      prize(8, 7, 1, true),
    ];
    expect(tiersOf(prizes)).toEqual([
      { rarity: 7, rarity_label: 'R7', quantity: 1 },
      { rarity: 3, rarity_label: 'first', quantity: 10 },
    ]);
  });

  it('gives each remaining lot the same chance; none from an empty pool', () => {
    expect(chanceOf(3, 12)).toBe(0.25);
    expect(chanceOf(0, 12)).toBe(0);
    expect(chanceOf(0, 0)).toBe(0);
  });
});

describe('the fairness calls’ input', () => {
  it('a practice of 1–10 plays of a pack, numbers or digits', () => {
    expect(practiceInputSchema.parse({ packId: '12', count: '3' })).toEqual({ packId: 12, count: 3 });
    expect(practiceInputSchema.parse({ packId: 12, count: 10 })).toEqual({ packId: 12, count: 10 });
    for (const bad of [
      { packId: 1, count: 0 },
      { packId: 1, count: 11 },
      { packId: 0, count: 1 },
      { packId: 1 },
      { packId: 1, count: 1, extra: 1 },
      { packId: 1.5, count: 1 },
      { packId: '1', count: '1e3' },
    ]) {
      expect(practiceInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    const issue = practiceInputSchema.safeParse({ packId: 1, count: 11 }).error!.issues[0]!;
    expect(issue.message).toBe('practice_count_invalid');
  });

  it('a record page of 10–1000 rows, 50 unless asked', () => {
    expect(recordQuerySchema.parse({})).toEqual({ size: 50 });
    expect(recordQuerySchema.parse({ size: '1000' })).toEqual({ size: 1000 });
    for (const size of ['9', '1001', 'ten', '-5'])
      expect(recordQuerySchema.safeParse({ size }).success).toBe(false);
  });
});
