import { describe, expect, it } from 'vitest';
import { addMonths, formatJst, formatJstDate } from './time.ts';

describe('time helpers', () => {
  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(addMonths('2026-01-15T03:00:00.000Z', 6)).toBe('2026-07-15T03:00:00.000Z');
    expect(addMonths('2026-08-31T10:00:00.000Z', 6)).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths('2027-08-31T10:00:00.000Z', 6)).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths('2026-12-31T23:59:59.000Z', 2)).toBe('2027-02-28T23:59:59.000Z');
  });

  it('formats in Japan time', () => {
    expect(formatJst('2026-11-30T15:00:00.000Z')).toBe('2026-12-01 00:00:00');
    expect(formatJstDate('2026-11-30T15:00:00.000Z')).toBe('26/12/01');
  });
});
