import { ART_WIDTHS, artWebpUrl } from '@gacha/contract/art-images';

/** The widths a picture takes on the page, for the browser's choice among the WebP widths (the `sizes` attribute). */
export const SIZES = {
  /** the Top carousel: the page's width, at most 1240 px */
  banner: '(max-width: 1240px) 100vw, 1240px',
  /** a pack banner in the lists: one column on a phone, two at 560–768 px, a grid of ≥ 300 px columns above */
  packBanner: '(max-width: 559px) 100vw, (max-width: 768px) 50vw, 400px',
  /** the pack page's pictures: the page's width on a phone, half of it (at most 1100 px) above */
  packImage: '(max-width: 768px) 100vw, 550px',
  /** a card in a list or grid */
  card: '(max-width: 768px) 34vw, 180px',
  /** a card's small picture beside its name */
  thumb: '80px',
} as const;

/**
 * The attributes of an <img> (or a <source>) for a picture: for the shop's drawings and its static banners, the
 * WebP pictures of every width in srcset (packages/contract/src/art-images.ts) with `sizes`, `src` kept as the
 * drawing for a browser without srcset; an upload (already WebP, one size) as it is.
 */
export function artImage(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  // the static banners' WebP pictures are drawn by the build: Vite's dev server has only the SVGs
  if (import.meta.env.MODE === 'development' && url.startsWith('/banners/')) return { src: url };
  const candidates: string[] = [];
  for (const width of ART_WIDTHS) {
    const webp = artWebpUrl(url, width);
    if (!webp) return { src: url };
    candidates.push(`${webp} ${width}w`);
  }
  return { src: url, srcSet: candidates.join(', '), sizes };
}
