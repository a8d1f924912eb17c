import sharp from 'sharp';
import type { ArtWidth } from '@gacha/contract/art-images';

/**
 * The drawn artwork (art.ts) as WebP at one of the contract's widths: rendered from its SVG with sharp (librsvg, on
 * libuv's thread pool, off the event loop) at the density that gives that width sharply, then kept. A drawing
 * changes only when its row does, so a rendering is kept by the SVG's own hash: the cache holds the most recently
 * used renderings up to CACHE_BYTES.
 *
 * Nobody waits for a rendering (0.1–0.5 s): until it is kept, the route answers the drawing itself (media-routes.ts),
 * and the next request gets the picture. Anyone may ask for any drawing at any width, and the thread pool also
 * hashes passwords and reads files: at most RENDERING renderings run at once and at most WAITING wait; a request
 * past that starts none (a later one will).
 */
const CACHE_BYTES = 48 * 1024 * 1024;
const QUALITY = 80;
const RENDERING = 2;
const WAITING = 24;

const cache = new Map<string, Buffer>(); // insertion order is recency: the oldest goes first
let cachedBytes = 0;
const rendering = new Map<string, Promise<Buffer>>();
let running = 0;
const queue: (() => void)[] = [];

const keyOf = (hash: string, width: ArtWidth) => `${hash}:${width}`;

function remember(key: string, webp: Buffer) {
  cache.set(key, webp);
  cachedBytes += webp.length;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.length;
  }
}

async function render(svg: Buffer, width: ArtWidth): Promise<Buffer> {
  const { width: drawnWidth } = await sharp(svg).metadata();
  // librsvg draws at the SVG's own size at 72 dpi: a density in proportion draws it at the asked width
  const density = Math.min(2400, Math.max(1, (72 * width) / (drawnWidth || width)));
  return sharp(svg, { density }).resize({ width }).webp({ quality: QUALITY }).toBuffer();
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RENDERING) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    queue.shift()?.();
  }
}

/** The kept WebP of the drawing `hash` at `width`, if it has been rendered. */
export function keptArt(hash: string, width: ArtWidth): Buffer | undefined {
  const key = keyOf(hash, width);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
  }
  return hit;
}

/**
 * Renders the drawing `svg` (named `hash`, its ETag) at `width` and keeps it: the rendering (shared with whoever
 * started it already), or null when too many are waiting.
 */
export function renderArt(svg: string, hash: string, width: ArtWidth): Promise<Buffer> | null {
  const key = keyOf(hash, width);
  const pending = rendering.get(key);
  if (pending) return pending;
  if (running >= RENDERING && queue.length >= WAITING) return null;
  const started = inTurn(() => render(Buffer.from(svg), width))
    .then((webp) => {
      remember(key, webp);
      return webp;
    })
    .finally(() => rendering.delete(key));
  rendering.set(key, started);
  return started;
}
