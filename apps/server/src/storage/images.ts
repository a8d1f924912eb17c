import sharp from 'sharp';
import { POST_IMAGE_MAX_BYTES } from '@gacha/contract/board';
import type { MessageKey } from '@gacha/contract/messages';

/**
 * An uploaded image (the board's posts; the catalogue's cards): a real image, judged by decoding its content with sharp
 * (libvips), never by its name or declared type; at most 5 MB; at most MAX_PIXELS pixels (a decompression bomb is
 * refused from its header, before it is decoded); re-encoded to WebP without any metadata (EXIF, GPS, XMP, ICC
 * dropped: sharp keeps none unless asked) at most MAX_SIDE on a side, plus a thumbnail.
 */

export const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 1600;
const THUMB_SIDE = 400;
/** What a member may upload; SVG (which can carry scripts) and everything else is refused. */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface ProcessedImage {
  image: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export class ImageRefused extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/** The bytes of a base64 data URL (its declared type is ignored: the content decides). */
export function decodeDataUrl(url: string): Buffer {
  const comma = url.indexOf(',');
  if (!url.startsWith('data:') || comma < 0 || !url.slice(0, comma).endsWith(';base64')) {
    throw new ImageRefused('image_invalid');
  }
  const body = url.slice(comma + 1).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) throw new ImageRefused('image_invalid');
  if (
    Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0) >
    POST_IMAGE_MAX_BYTES
  ) {
    throw new ImageRefused('image_too_large');
  }
  return Buffer.from(body, 'base64');
}

/** Checks and re-encodes one uploaded image; throws ImageRefused with the reason. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ImageRefused('image_invalid');
  if (bytes.length > POST_IMAGE_MAX_BYTES) throw new ImageRefused('image_too_large');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('image_invalid');
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw new ImageRefused('image_invalid');
  if (meta.width * meta.height > MAX_PIXELS) throw new ImageRefused('image_too_many_pixels');
  try {
    // failOn 'truncated': a cut-off file is refused, not stored half grey; the first frame of an animation
    const source = () =>
      sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated', animated: false }).rotate();
    const { data: image, info } = await source()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer();
    return { image, thumb, width: info.width, height: info.height };
  } catch {
    throw new ImageRefused('image_invalid');
  }
}
