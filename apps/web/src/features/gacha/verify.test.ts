import { describe, expect, it } from 'vitest';
import type { FairnessInfo } from '@gacha/contract/draws';
import { commitmentOf, lotSequence } from '@gacha/contract/fairness';
import { sequenceCsv, verifyFairness } from './verify.ts';

const seed = 'ab'.repeat(32);
const canonical = [1, 1, 2, 2, 2, 3, 3, 3, 3, 3];
const sequence = lotSequence(seed, canonical);

const info = (extra: Partial<FairnessInfo> = {}): FairnessInfo => ({
  pack_id: 1,
  commitment: commitmentOf(seed, canonical),
  seed,
  revealed: true,
  canonical,
  total: canonical.length,
  sold: canonical.length,
  prizes: [
    { id: 1, name: 'Top "card"', model_number: 'A', rarity: 7, rarity_label: 'UR', image: '' },
    { id: 2, name: 'Mid', model_number: 'B', rarity: 4, rarity_label: 'RR', image: '' },
    { id: 3, name: 'Low', model_number: 'C', rarity: 1, rarity_label: 'C', image: '' },
  ],
  my_positions: [
    { position: 2, history_id: 10, prize_id: sequence[2]! },
    { position: 7, history_id: 11, prize_id: sequence[7]! },
  ],
  ...extra,
});

describe('verify page', () => {
  it('agrees with the commitment and every own draw', () => {
    const v = verifyFairness(info())!;
    expect(v.commitmentMatches).toBe(true);
    expect(v.allMatch).toBe(true);
    expect(v.sequence).toEqual(sequence);
    expect(v.cells.filter((c) => c.mine).map((c) => c.position)).toEqual([2, 7]);
  });

  it('flags a wrong draw and a wrong commitment', () => {
    const wrongPrize = sequence[2] === 1 ? 3 : 1;
    const v = verifyFairness(info({ my_positions: [{ position: 2, history_id: 1, prize_id: wrongPrize }] }))!;
    expect(v.draws[0]?.matches).toBe(false);
    expect(v.allMatch).toBe(false);
    expect(verifyFairness(info({ commitment: '00'.repeat(32) }))!.commitmentMatches).toBe(false);
  });

  it('has nothing to verify before the seed is revealed', () => {
    expect(verifyFairness(info({ seed: null, revealed: false }))).toBeNull();
  });

  it('writes the sequence as CSV with quoted names', () => {
    const i = info();
    const csv = sequenceCsv(i, verifyFairness(i)!).split('\n');
    expect(csv[0]).toBe('position,prize_id,name,rarity,mine');
    expect(csv).toHaveLength(11);
    expect(csv.join('\n')).toContain('"Top ""card"""');
  });
});
