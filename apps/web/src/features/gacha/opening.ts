import type { ResultCard } from '@gacha/contract/draws';
import type { PackVideo } from '@gacha/contract/packs';

/**
 * How the opening looks (spec §2 Gacha animation): chosen by the best rarity of the purchase (1–7) and the
 * result's movie_style (1–8, 10–13; anything else is the default round style).
 */

export type Tier = 'common' | 'glow' | 'gold' | 'rainbow' | 'legendary';

/** 1–2 plain, 3–4 blue glow, 5 gold burst, 6 rainbow, 7 legendary (screen flash and particles). */
export function rarityTier(rarity: number): Tier {
  const r = clampRarity(rarity);
  if (r >= 7) return 'legendary';
  if (r === 6) return 'rainbow';
  if (r === 5) return 'gold';
  if (r >= 3) return 'glow';
  return 'common';
}

export function clampRarity(rarity: number): number {
  return Math.min(7, Math.max(1, Math.round(Number(rarity)) || 1));
}

export function bestRarity(cards: readonly Pick<ResultCard, 'rarity'>[]): number {
  return cards.reduce((best, c) => Math.max(best, clampRarity(c.rarity)), 1);
}

export type SceneShape = 'round' | 'pack' | 'chest' | 'crystal' | 'portal' | 'vault';

export interface Scene {
  /** The movie_style it was chosen for; 0 for the default. */
  style: number;
  shape: SceneShape;
  /** Base hue of the backdrop (degrees). */
  hue: number;
}

const SCENES: Record<number, Omit<Scene, 'style'>> = {
  1: { shape: 'pack', hue: 265 },
  2: { shape: 'pack', hue: 330 },
  3: { shape: 'chest', hue: 35 },
  4: { shape: 'chest', hue: 220 },
  5: { shape: 'crystal', hue: 190 },
  6: { shape: 'crystal', hue: 285 },
  7: { shape: 'portal', hue: 250 },
  8: { shape: 'portal', hue: 350 },
  10: { shape: 'vault', hue: 205 },
  11: { shape: 'vault', hue: 160 },
  12: { shape: 'round', hue: 300 },
  13: { shape: 'round', hue: 45 },
};

/** The scene of a movie_style; styles outside 1–8 and 10–13 get the default round style. */
export function sceneFor(movieStyle: number): Scene {
  const s = SCENES[movieStyle];
  return s ? { style: movieStyle, ...s } : { style: 0, shape: 'round', hue: 255 };
}

/** How long the built-in intro runs before the first card, per tier (ms); short when motion is reduced. */
export function introDuration(tier: Tier, reducedMotion: boolean): number {
  if (reducedMotion) return 900;
  return { common: 1900, glow: 2400, gold: 2900, rainbow: 3300, legendary: 4000 }[tier];
}

/** Spec §9: the opening starts 300 ms after the tap; each card opens 300 ms after it mounts. */
export const START_DELAY_MS = 300;
export const FLIP_DELAY_MS = 300;
/** An opening video that has not started playing by then gives way to the built-in animation. */
export const VIDEO_START_TIMEOUT_MS = 5000;
/** The flip itself (CSS), after which the card's info shows. */
export const FLIP_MS = 650;

/**
 * Opening videos, in this order:
 *  1. the pack's own uploaded videos (the buy-pack result's `videos`: rarity / movie_style null = any), the
 *     most specific match first: rarity and style, rarity, style, then the pack's catch-all;
 *  2. the site-wide build-time map VITE_OPENING_VIDEOS, a JSON object whose keys are 'rarity:style', 'rarity'
 *     or '*:style' (most specific wins), e.g. {"7:1": "/media/opening/ur-pack.mp4", "7": "/media/opening/ur.mp4"};
 *  3. none: the app's own CSS/canvas animation plays.
 * Only same-origin paths and https URLs are taken (the page's CSP plays same-origin media only).
 */
export type VideoMap = Record<string, string>;

const playableUrl = (v: unknown): v is string => typeof v === 'string' && /^(\/(?!\/)|https:\/\/)/.test(v);

export function parseVideoMap(raw: unknown): VideoMap {
  if (typeof raw !== 'string' || !raw.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: VideoMap = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (playableUrl(v)) out[k] = v;
    }
    return out;
  } catch {
    return {};
  }
}

const configuredVideos = parseVideoMap(import.meta.env.VITE_OPENING_VIDEOS);

/** The pack's own video for a rarity and style, most specific first; undefined when none fits. */
export function packVideoFor(
  rarity: number,
  movieStyle: number,
  videos: readonly PackVideo[] | undefined,
): string | undefined {
  if (!videos?.length) return undefined;
  const r = clampRarity(rarity);
  const fits = (v: PackVideo, byRarity: boolean, byStyle: boolean) =>
    playableUrl(v.url) &&
    (byRarity ? v.rarity === r : v.rarity === null) &&
    (byStyle ? v.movie_style === movieStyle : v.movie_style === null);
  for (const [byRarity, byStyle] of [
    [true, true],
    [true, false],
    [false, true],
    [false, false],
  ] as const) {
    const hit = videos.find((v) => fits(v, byRarity, byStyle));
    if (hit) return hit.url;
  }
  return undefined;
}

/** The opening video for the best rarity and the movie_style: the pack's own, else the build-time map's. */
export function videoFor(
  rarity: number,
  movieStyle: number,
  packVideos: readonly PackVideo[] = [],
  map: VideoMap = configuredVideos,
): string | undefined {
  const own = packVideoFor(rarity, movieStyle, packVideos);
  if (own) return own;
  const r = clampRarity(rarity);
  return map[`${r}:${movieStyle}`] ?? map[String(r)] ?? map[`*:${movieStyle}`];
}
