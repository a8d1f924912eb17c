import { describe, expect, it } from 'vitest';
import {
  ALTERNATE_BANNER_1,
  BANNERS,
  bannersAt,
  bannerTiming,
  emblaDurationForMs,
  emblaSettleMs,
  isAlternateBannerTime,
} from './banners.ts';

const jst = (s: string) => new Date(`${s}+09:00`);

describe('alternate banner window (2025-10-09 22:00 to 2025-10-11 09:00 JST)', () => {
  it('is off just before the start and on at the start', () => {
    expect(isAlternateBannerTime(jst('2025-10-09T21:59:59'))).toBe(false);
    expect(isAlternateBannerTime(jst('2025-10-09T22:00:00'))).toBe(true);
  });
  it('stays on through the window and is off at the end', () => {
    expect(isAlternateBannerTime(jst('2025-10-10T12:00:00'))).toBe(true);
    expect(isAlternateBannerTime(jst('2025-10-11T08:59:59'))).toBe(true);
    expect(isAlternateBannerTime(jst('2025-10-11T09:00:00'))).toBe(false);
  });
  it('reads Japan time whatever the zone of the clock: 13:00 UTC is 22:00 JST', () => {
    expect(isAlternateBannerTime(new Date('2025-10-09T12:59:59Z'))).toBe(false);
    expect(isAlternateBannerTime(new Date('2025-10-09T13:00:00Z'))).toBe(true);
  });
  it('replaces only banner 1', () => {
    const inside = bannersAt(jst('2025-10-10T00:00:00'));
    expect(inside.map((b) => b.id)).toEqual([ALTERNATE_BANNER_1.id, BANNERS[1]!.id]);
    const outside = bannersAt(jst('2025-11-01T00:00:00'));
    expect(outside.map((b) => b.id)).toEqual(BANNERS.map((b) => b.id));
  });
  it('gives every banner a desktop and a mobile image', () => {
    for (const b of [...BANNERS, ALTERNATE_BANNER_1]) {
      expect(b.file_name).toMatch(/\.svg$/);
      expect(b.sp_file_name).toMatch(/\.svg$/);
      expect(b.file_name).not.toBe(b.sp_file_name);
    }
  });
});

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
