/**
 * The shop's drawn artwork (card faces and pack pictures, /media/cards/{id}.svg and /media/packs/{id}/{banner|n}.svg)
 * and the web's own static banners (/banners/{name}.svg) are also served as WebP pictures of these widths: a phone
 * decodes a picture off its main thread and takes the width its screen needs, where an SVG is laid out and painted on
 * the main thread. The server renders the artwork (modules/packs/art-raster.ts), the web build the banners
 * (apps/web/scripts/raster-banners.mjs); the web's pages name them in srcset (apps/web/src/lib/art-image.ts).
 */
export const ART_WIDTHS = [320, 640, 960, 1280] as const;
export type ArtWidth = (typeof ART_WIDTHS)[number];

export function isArtWidth(width: number): width is ArtWidth {
  return (ART_WIDTHS as readonly number[]).includes(width);
}

const DRAWN = /^\/media\/(?:cards\/\d{1,9}|packs\/\d{1,9}\/(?:banner|\d))\.svg$/;
const STATIC_BANNER = /^\/banners\/([a-z0-9-]+)\.svg$/;

/** The WebP picture of `url` at `width`, or null for a picture that has none (an upload is WebP already). */
export function artWebpUrl(url: string, width: ArtWidth): string | null {
  if (DRAWN.test(url)) return `${url.slice(0, -'.svg'.length)}.webp?w=${width}`;
  const banner = STATIC_BANNER.exec(url);
  if (banner) return `/banners/${banner[1]}-${width}.webp`;
  return null;
}
