import sharp from 'sharp';
import type { ArtWidth } from '@gacha/contract/art-images';

/**
 * The drawn artwork (art.ts) as WebP at one of the contract's widths: rendered from its SVG with sharp (librsvg, on
 * libuv's thread pool, off the event loop) at the density that gives that width sharply, then kept. A drawing
 * changes only when its row does, so a rendering is kept by the SVG's own hash: the cache holds the most recently
 * used renderings up to CACHE_BYTES, and requests for one being rendered share it.
 *
 * Anyone may ask for any drawing at any of the widths, and the thread pool also hashes passwords and reads files:
 * at most RENDERING renderings run at once and at most WAITING wait; past that a request is refused (ArtBusy, a
 * 503 the browser may try again) rather than queued without end.
 */
const CACHE_BYTES = 48 * 1024 * 1024;
const QUALITY = 80;
const RENDERING = 2;
const WAITING = 24;

export class ArtBusy extends Error {
  constructor() {
    super('too many pictures being drawn');
  }
}

let running = 0;
const queue: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RENDERING) {
    if (queue.length >= WAITING) throw new ArtBusy();
    await new Promise<void>((resolve) => queue.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    queue.shift()?.();
  }
}

const cache = new Map<string, Buffer>(); // insertion order is recency: the oldest goes first
let cachedBytes = 0;
const rendering = new Map<string, Promise<Buffer>>();

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

/** The WebP of `svg` at `width`; `hash` names the drawing (the SVG's ETag). */
export async function artAsWebp(svg: string, hash: string, width: ArtWidth): Promise<Buffer> {
  const key = `${hash}:${width}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let pending = rendering.get(key);
  if (!pending) {
    pending = inTurn(() => render(Buffer.from(svg), width))
      .then((webp) => {
        remember(key, webp);
        return webp;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}
