import { describe, expect, it } from 'vitest';
import {
  COLLAPSED_COUNT,
  msUntilStart,
  orderPacks,
  packPhase,
  packStart,
  visiblePacks,
} from './pack-state.ts';
import { formatCountdown } from '../../lib/format.ts';

const base = { is_before: false, pack_count: 10, start_at: '', start_date: '' };

describe('pack phases', () => {
  const now = new Date('2025-10-01T03:00:00Z'); // 12:00 JST

  it('counts down to start_date read as Japan time', () => {
    const pack = { ...base, is_before: true, start_date: '2025-10-01 13:02:03' };
    expect(packStart(pack)?.toISOString()).toBe('2025-10-01T04:02:03.000Z');
    expect(packPhase(pack, now)).toBe('before');
    expect(formatCountdown(msUntilStart(pack, now))).toBe('01.02.03');
  });

  it('prefers start_at (UTC) when given', () => {
    const pack = { ...base, start_at: '2025-10-01T03:00:10Z', start_date: '2000-01-01 00:00:00' };
    expect(msUntilStart(pack, now)).toBe(10_000);
  });

  it('is on sale once the start has passed, sold out at 0 remaining, ended after the end', () => {
    expect(packPhase({ ...base, start_date: '2025-10-01 11:00:00' }, now)).toBe('onSale');
    expect(packPhase({ ...base, start_date: '2025-10-01 11:00:00', pack_count: 0 }, now)).toBe('soldOut');
    expect(packPhase({ ...base, is_end: true }, now)).toBe('ended');
    expect(packPhase({ ...base, end_at: '2025-10-01T02:59:59Z' }, now)).toBe('ended');
  });

  it('orders upcoming first, keeps the server order within a group, sold out last', () => {
    const packs = [
      { ...base, id: 1 },
      { ...base, id: 2, pack_count: 0 },
      { ...base, id: 3, start_date: '2025-10-02 00:00:00' },
      { ...base, id: 4 },
      { ...base, id: 5, start_date: '2025-10-03 00:00:00' },
    ];
    expect(orderPacks(packs, now).map((p) => p.id)).toEqual([3, 5, 1, 4, 2]);
  });
});

describe('show the rest / hide all but the latest', () => {
  const now = new Date('2025-10-01T03:00:00Z');
  const onSale = (id: number) => ({ ...base, id });
  const upcoming = (id: number) => ({ ...base, id, start_date: '2025-10-05 00:00:00' });

  it('collapses to the latest few and counts the rest', () => {
    const packs = [1, 2, 3, 4, 5, 6, 7].map(onSale);
    const collapsed = visiblePacks(packs, now, false);
    expect(collapsed.visible.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(collapsed.hidden).toBe(3);
    expect(collapsed.collapsible).toBe(true);
    expect(visiblePacks(packs, now, true).visible).toHaveLength(7);
  });

  it('always shows every upcoming pack and one more', () => {
    const packs = orderPacks([onSale(1), upcoming(2), upcoming(3), upcoming(4), upcoming(5), onSale(6)], now);
    const { visible } = visiblePacks(packs, now, false);
    expect(visible.map((p) => p.id)).toEqual([2, 3, 4, 5, 1]);
  });

  it('offers no toggle for a short list', () => {
    const packs = Array.from({ length: COLLAPSED_COUNT }, (_, i) => onSale(i));
    expect(visiblePacks(packs, now, false).collapsible).toBe(false);
  });
});
