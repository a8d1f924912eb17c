import { describe, expect, it } from 'vitest';
import type { ResultCard } from '@gacha/contract/draws';
import { decodeShip, encodeShip, gemsFor, splitDecision } from './choice.ts';

const card = (history_id: number, extra: Partial<ResultCard> = {}): ResultCard => ({
  history_id,
  action_type: '0',
  rarity: 1,
  rarity_label: 'C',
  image: '',
  name: `card ${history_id}`,
  model_number: '',
  num: 1,
  buy_point: 10 * history_id,
  is_last_one: '0',
  status: 'unselected',
  ...extra,
});

describe('card choice (spec §4)', () => {
  it('ships the chosen and the shipping-only cards, converts the rest', () => {
    const cards = [card(1), card(2, { action_type: '2' }), card(3), card(4)];
    expect(splitDecision(cards, new Set([3]))).toEqual({ send: [2, 3], reduction: [1, 4] });
  });

  it('leaves decided items out', () => {
    const cards = [card(1, { status: 'ship' }), card(2, { status: 'convert' }), card(3)];
    expect(splitDecision(cards, new Set([1]))).toEqual({ send: [], reduction: [3] });
  });

  it('sums the gems of the converted cards', () => {
    expect(gemsFor([card(1), card(2), card(3)], [1, 3])).toBe(40);
  });

  it('round-trips the ship ids through the query', () => {
    expect(encodeShip([9, 3, 3, 12])).toBe('3,9,12');
    expect([...decodeShip('3,9,x,12,,-1')]).toEqual([3, 9, 12]);
    expect(decodeShip(null).size).toBe(0);
  });
});
