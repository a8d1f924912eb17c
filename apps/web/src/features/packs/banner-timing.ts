/**
 * The Top carousel's timing (spec §2). The banners themselves come from GET /user/banners (api/get-banners.ts).
 */

/** Spec §2: "2.5 s per image and 800 ms transition in one report, 2000 ms and 1000 ms in another". */
export const DEFAULT_DELAY_MS = 2500;
export const DEFAULT_DURATION_MS = 800;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : fallback;
}

export interface BannerTiming {
  delayMs: number;
  durationMs: number;
}

/** Reads VITE_BANNER_DELAY_MS / VITE_BANNER_DURATION_MS (build time), falling back to 2500 / 800. */
export function bannerTiming(env: {
  VITE_BANNER_DELAY_MS?: string;
  VITE_BANNER_DURATION_MS?: string;
}): BannerTiming {
  return {
    delayMs: positiveInt(env.VITE_BANNER_DELAY_MS, DEFAULT_DELAY_MS),
    durationMs: positiveInt(env.VITE_BANNER_DURATION_MS, DEFAULT_DURATION_MS),
  };
}

/**
 * Time in ms embla takes to settle a slide move with a given `duration` option. Embla's duration is not in
 * milliseconds: its scroll body is a damped spring stepped 60 times a second (velocity += distance /
 * duration; velocity *= 0.68). This runs the same steps until the move is within 1 px of a 1000 px slide.
 */
export function emblaSettleMs(duration: number, distance = 1000): number {
  const friction = 0.68;
  let location = 0;
  let velocity = 0;
  let steps = 0;
  while ((Math.abs(distance - location) >= 1 || Math.abs(velocity) > 0.5) && steps < 2000) {
    velocity += (distance - location) / duration;
    velocity *= friction;
    location += velocity;
    steps++;
  }
  return (steps * 1000) / 60;
}

/** The embla `duration` whose settle time is closest to `ms` (800 ms → 22, 1000 ms → 25). */
export function emblaDurationForMs(ms: number): number {
  let best = 25;
  let bestDiff = Infinity;
  // below ~20 the spring overshoots and settles no faster, so the search starts there
  for (let d = 20; d <= 100; d++) {
    const diff = Math.abs(emblaSettleMs(d) - ms);
    if (diff < bestDiff) {
      best = d;
      bestDiff = diff;
    }
  }
  return best;
}
