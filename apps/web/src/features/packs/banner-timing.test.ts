import { describe, expect, it } from 'vitest';
import { bannerTiming, emblaDurationForMs, emblaSettleMs } from './banner-timing.ts';

describe('banner timing', () => {
  it('defaults to 2500 ms per image and 800 ms transition', () => {
    expect(bannerTiming({})).toEqual({ delayMs: 2500, durationMs: 800 });
  });
  it('takes the second reading from the environment', () => {
    expect(bannerTiming({ VITE_BANNER_DELAY_MS: '2000', VITE_BANNER_DURATION_MS: '1000' })).toEqual({
      delayMs: 2000,
      durationMs: 1000,
    });
  });
  it('ignores unusable values', () => {
    expect(bannerTiming({ VITE_BANNER_DELAY_MS: 'abc', VITE_BANNER_DURATION_MS: '-1' })).toEqual({
      delayMs: 2500,
      durationMs: 800,
    });
  });
  it("maps milliseconds to embla's duration so the move settles near the asked time", () => {
    for (const ms of [800, 1000, 1500]) {
      const d = emblaDurationForMs(ms);
      expect(Math.abs(emblaSettleMs(d) - ms)).toBeLessThan(60);
    }
    expect(emblaDurationForMs(1000)).toBeGreaterThan(emblaDurationForMs(800));
  });
});
