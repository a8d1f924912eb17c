import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.ts';
import type { PackRow } from '../packs/service.ts';
import { actionTypeOf, purchaseTerms } from './rules.ts';

const now = new Date('2026-11-24T03:00:00.000Z');
const pack: PackRow = {
  id: 1,
  name_en: 'P',
  name_ja: 'P',
  payment_method: 1,
  point: 333,
  total_pack_count: 100,
  sold_count: 90,
  start_at: '2026-11-01T00:00:00.000Z',
  end_at: '2026-12-01T00:00:00.000Z',
  can_limit: 0,
  limit_count: 0,
  limit_message_en: '',
  limit_message_ja: '',
  max_buy_count: 0,
  movie_style: 0,
  card_type_id: 1,
  seed: 'a'.repeat(64),
  commitment: 'b'.repeat(64),
  paused_at: null,
};
const buyer = { rank: 1, played: 0 };

/** The refusal reason purchaseTerms throws, or 'ok'. */
function decide(p: Partial<PackRow>, b = buyer, count = 1, lang: 'en' | 'ja' = 'en') {
  try {
    purchaseTerms({ ...pack, ...p }, b, count, now, lang);
    return 'ok';
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return `${err.state} ${String(err.opts.extra?.reason)}`;
  }
}

describe('purchaseTerms, the one purchase rule', () => {
  it('gem packs: point × N less the rank discount, rounded down in the member’s favour', () => {
    expect(purchaseTerms(pack, { rank: 5, played: 0 }, 3, now, 'en')).toEqual({
      currency: 'gem',
      basePrice: 999,
      price: 899, // 999 × 0.9 = 899.1
      discountPercent: 10,
      baseCharge: 999,
      charge: 899,
      actionTypes: { choosable: '0', shipOnly: '2' },
    });
  });

  it('coin packs: no discount, charged in coin tenths, every item shipping only', () => {
    const t = purchaseTerms({ ...pack, payment_method: 2, point: 50 }, { rank: 5, played: 0 }, 2, now, 'en');
    expect(t).toMatchObject({ currency: 'coin', price: 100, discountPercent: 0, charge: 1000 });
    expect(actionTypeOf(t, { ship_only: 0 })).toBe('2');
    const g = purchaseTerms(pack, buyer, 1, now, 'en');
    expect([actionTypeOf(g, { ship_only: 0 }), actionTypeOf(g, { ship_only: 1 })]).toEqual(['0', '2']);
  });

  it('refuses in order: sale phase, the pack’s count limits, the member’s limit', () => {
    expect(decide({ start_at: '2026-11-24T03:00:01.000Z' })).toBe('400 pack_not_started');
    expect(decide({ end_at: now.toISOString() })).toBe('400 pack_ended');
    expect(decide({ paused_at: '2026-11-24T02:00:00.000Z' })).toBe('409 pack_paused');
    expect(decide({ sold_count: 100 })).toBe('409 pack_sold_out');
    expect(decide({ sold_count: 100, end_at: '2026-11-01T00:00:00.000Z' })).toBe('409 pack_sold_out');
    expect(decide({ max_buy_count: 5 }, buyer, 6)).toBe('400 max_count_exceeded');
    expect(decide({}, buyer, 11)).toBe('400 count_above_remaining');
    expect(decide({}, buyer, 10)).toBe('ok');
    expect(decide({ can_limit: 1, limit_count: 3 }, { rank: 1, played: 2 }, 2)).toBe(
      '400 pack_limit_exceeded',
    );
    expect(decide({ can_limit: 1, limit_count: 3 }, { rank: 1, played: 2 }, 1)).toBe('ok');
  });

  it('the play limit answers the pack’s own message in the member’s language', () => {
    const limited = {
      ...pack,
      can_limit: 1,
      limit_count: 1,
      limit_message_en: 'One each.',
      limit_message_ja: 'お一人様1回',
    };
    const refusal = (lang: 'en' | 'ja') => {
      try {
        purchaseTerms(limited, { rank: 1, played: 1 }, 1, now, lang);
      } catch (err) {
        return (err as ApiError).opts.extra;
      }
    };
    expect(refusal('ja')).toMatchObject({ reason: 'pack_limit_exceeded', message: 'お一人様1回' });
    expect(refusal('en')).toMatchObject({ errors: { count: ['One each.'] } });
  });
});
