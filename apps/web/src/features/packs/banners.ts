/**
 * Top-page banners (spec §2, §3): local data, not a call. Two banners with desktop (file_name) and mobile
 * (sp_file_name) images; banner 1 is replaced by an alternate image during a campaign window.
 */

export interface Banner {
  id: string;
  file_name: string;
  sp_file_name: string;
  url?: string;
  /** 'link' banners navigate on click; 'image' banners only show. */
  mode: 'link' | 'image';
  /** packs.json keys of the banner's caption. */
  titleKey: string;
  textKey: string;
  ctaKey?: string;
  tone: 'violet' | 'gold' | 'pink';
}

export const BANNERS: readonly Banner[] = [
  {
    id: 'new-packs',
    file_name: '/banners/banner1-pc.svg',
    sp_file_name: '/banners/banner1-sp.svg',
    url: '/?tab=2',
    mode: 'link',
    titleKey: 'banner.one.title',
    textKey: 'banner.one.text',
    ctaKey: 'banner.one.cta',
    tone: 'violet',
  },
  {
    id: 'ship-or-gems',
    file_name: '/banners/banner2-pc.svg',
    sp_file_name: '/banners/banner2-sp.svg',
    url: '/?tab=-2',
    mode: 'link',
    titleKey: 'banner.two.title',
    textKey: 'banner.two.text',
    ctaKey: 'banner.two.cta',
    tone: 'gold',
  },
];

export const ALTERNATE_BANNER_1: Banner = {
  id: 'gem-campaign',
  file_name: '/banners/banner1-alt-pc.svg',
  sp_file_name: '/banners/banner1-alt-sp.svg',
  url: '/buy-point',
  mode: 'link',
  titleKey: 'banner.campaign.title',
  textKey: 'banner.campaign.text',
  ctaKey: 'banner.campaign.cta',
  tone: 'pink',
};

/** 2025-10-09 22:00 to 2025-10-11 09:00 Japan time (UTC+9), start included, end excluded. */
export const ALTERNATE_WINDOW = {
  start: new Date(Date.UTC(2025, 9, 9, 13, 0, 0)),
  end: new Date(Date.UTC(2025, 9, 11, 0, 0, 0)),
} as const;

export function isAlternateBannerTime(now: Date): boolean {
  const t = now.getTime();
  return t >= ALTERNATE_WINDOW.start.getTime() && t < ALTERNATE_WINDOW.end.getTime();
}

/** The banners to show at `now`. */
export function bannersAt(now: Date): Banner[] {
  const [first, ...rest] = BANNERS;
  if (!first) return [];
  return [isAlternateBannerTime(now) ? ALTERNATE_BANNER_1 : first, ...rest];
}

// --------------------------------------------------------------------------------------------------------
// timing

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
