import { describe, expect, it } from 'vitest';
import { rankForSpend } from '@gacha/contract/user';
import { jstMonth } from '../../db/time.ts';
import { rankStatus } from './status.ts';

describe('jstMonth', () => {
  it('starts the month at 00:00 Japan time, 15:00 UTC the day before', () => {
    const m = jstMonth(new Date('2026-11-20T03:00:00Z'));
    expect(m.start.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(m.end.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(m.key).toBe('2026-11');
    expect(m.nextKey).toBe('2026-12');
  });

  it('is already the next month in Japan while UTC is still on the last day', () => {
    const m = jstMonth(new Date('2026-12-31T15:00:00Z'));
    expect(m.key).toBe('2027-01');
    expect(m.nextKey).toBe('2027-02');
    expect(jstMonth(new Date('2026-12-31T14:59:59.999Z')).key).toBe('2026-12');
  });
});

describe('ranks', () => {
  it('follows the spec §1 thresholds', () => {
    const at = (gems: number) => rankForSpend(gems).name.en;
    expect([0, 50_000, 50_001, 200_000, 200_001, 500_000, 500_001, 3_000_000, 3_000_001].map(at)).toEqual([
      'White',
      'White',
      'Bronze',
      'Bronze',
      'Silver',
      'Silver',
      'Gold',
      'Gold',
      'Rainbow',
    ]);
  });

  const now = new Date('2026-11-20T03:00:00Z');

  it('offers maintenance when the spend would drop a Silver member, not when it keeps the rank', () => {
    const dropping = rankStatus({ rank: 3, spend: 1000, maintainedMonth: null, now });
    expect(dropping).toMatchObject({ maintenanceOffered: true, barMax: 500_000, toNextRank: 49_001 });
    expect(dropping.next.id).toBe(1);
    const keeping = rankStatus({ rank: 3, spend: 250_000, maintainedMonth: null, now });
    expect(keeping.maintenanceOffered).toBe(false);
    expect(keeping.next.id).toBe(3);
  });

  it('keeps the rank for next month once maintenance was paid for that month', () => {
    const s = rankStatus({ rank: 4, spend: 0, maintainedMonth: '2026-12', now });
    expect(s.next.id).toBe(4);
    expect(s.maintenanceOffered).toBe(false);
    expect(rankStatus({ rank: 4, spend: 0, maintainedMonth: '2026-11', now }).maintenanceOffered).toBe(true);
  });

  it('never offers maintenance below Silver, and fills the bar at the top rank', () => {
    expect(rankStatus({ rank: 2, spend: 0, maintainedMonth: null, now }).maintenanceOffered).toBe(false);
    const top = rankStatus({ rank: 5, spend: 3_500_000, maintainedMonth: null, now });
    expect(top).toMatchObject({ barMax: 3_000_001, toNextRank: 0, maintenanceOffered: false });
  });
});
