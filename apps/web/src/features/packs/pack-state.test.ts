import { describe, expect, it } from 'vitest';
import { COLLAPSED_COUNT, orderPacks, visiblePacks } from './pack-state.ts';

const base = { is_before: false, pack_count: 10, start_at: '', start_date: '' };

describe('the pack list order', () => {
  const now = new Date('2025-10-01T03:00:00Z'); // 12:00 JST

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
