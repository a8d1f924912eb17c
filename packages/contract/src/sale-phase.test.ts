import { describe, expect, it } from 'vitest';
import { salePhase } from './sale-phase.ts';

describe('salePhase', () => {
  const now = Date.parse('2026-11-24T03:00:00Z');
  const open = { startMs: now - 1000, endMs: now + 1000, remaining: 5 };

  it('is before the sale until the start, on sale from the start itself', () => {
    expect(salePhase({ ...open, startMs: now + 1 }, now)).toBe('before');
    expect(salePhase({ ...open, startMs: now }, now)).toBe('on_sale');
  });

  it('ends at the end time, and a sale without an end never ends', () => {
    expect(salePhase({ ...open, endMs: now }, now)).toBe('ended');
    expect(salePhase({ ...open, endMs: null }, now + 1e12)).toBe('on_sale');
  });

  it('is sold out with nothing left, even past the end; before the start it is still before', () => {
    expect(salePhase({ ...open, remaining: 0 }, now)).toBe('sold_out');
    expect(salePhase({ ...open, remaining: 0, endMs: now - 1 }, now)).toBe('sold_out');
    expect(salePhase({ ...open, remaining: 0, startMs: now + 1 }, now)).toBe('before');
  });
});
