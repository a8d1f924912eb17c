import { describe, expect, it } from 'vitest';
import { formatJst, fromJstInput, toJstInput } from './format.ts';

describe('JST times', () => {
  it('shows an instant in Japan time and reads it back', () => {
    expect(toJstInput('2026-12-01T03:00:00.000Z')).toBe('2026-12-01T12:00');
    expect(fromJstInput('2026-12-01T12:00')).toBe('2026-12-01T03:00:00.000Z');
    // across the date line: 20:00 UTC is the next day in Tokyo
    expect(toJstInput('2026-12-31T20:30:00.000Z')).toBe('2027-01-01T05:30');
    expect(fromJstInput('2027-01-01T05:30')).toBe('2026-12-31T20:30:00.000Z');
    expect(formatJst('2026-12-01T03:00:00.000Z')).toBe('2026/12/01 12:00 JST');
  });

  it('answers empty for nothing or a non-time', () => {
    expect(toJstInput(null)).toBe('');
    expect(fromJstInput('')).toBe('');
    expect(fromJstInput('tomorrow')).toBe('');
    expect(formatJst(null)).toBe('—');
  });
});
