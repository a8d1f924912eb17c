import { describe, expect, it } from 'vitest';
import { formatCountdown } from './format.ts';
import { msUntilSaleStart, packPhaseAt, packStartAt } from './pack-phase.ts';

const base = { is_before: false, pack_count: 10, start_at: '', start_date: '' };

describe('pack phases', () => {
  const now = new Date('2025-10-01T03:00:00Z'); // 12:00 JST

  it('counts down to start_date read as Japan time', () => {
    const pack = { ...base, is_before: true, start_date: '2025-10-01 13:02:03' };
    expect(packStartAt(pack)?.toISOString()).toBe('2025-10-01T04:02:03.000Z');
    expect(packPhaseAt(pack, now)).toBe('before');
    expect(formatCountdown(msUntilSaleStart(pack, now))).toBe('01.02.03');
  });

  it('prefers start_at (UTC) when given', () => {
    const pack = { ...base, start_at: '2025-10-01T03:00:10Z', start_date: '2000-01-01 00:00:00' };
    expect(msUntilSaleStart(pack, now)).toBe(10_000);
  });

  it('is on sale once the start has passed, sold out at 0 remaining, ended after the end', () => {
    expect(packPhaseAt({ ...base, start_date: '2025-10-01 11:00:00' }, now)).toBe('onSale');
    expect(packPhaseAt({ ...base, start_date: '2025-10-01 11:00:00', pack_count: 0 }, now)).toBe('soldOut');
    expect(packPhaseAt({ ...base, is_end: true }, now)).toBe('ended');
    expect(packPhaseAt({ ...base, end_at: '2025-10-01T02:59:59Z' }, now)).toBe('ended');
  });
});
