import { randomBytes } from 'node:crypto';
import { ApiError, type MessageRef } from '../../http/api-error.ts';
import { decodeDataUrl, ImageRefused, processImage } from '../../storage/images.ts';
import { countImageDecode } from '../ops/service.ts';
import type { FileStorage } from '../../storage/storage.ts';

/** The URL an uploaded file is served at (the /media/uploads route). */
export const uploadUrl = (key: string) => `/media/uploads/${key}`;

const isDataUrl = (v: string) => v.startsWith('data:');

/**
 * Runs `work` with the URLs of uploaded pictures: each data URL is checked by decoding it (sharp), re-encoded
 * without metadata and stored under `prefix/`. Anything else must be one of `kept` (the pictures the row holds
 * already, sent back unchanged, and '' where "no picture" is allowed) and is passed on as it is: a picture is
 * shown to every visitor, so a link elsewhere, a `javascript:` URL or a path of the shop's own API (a GET that
 * logs the visitor out) is never stored. A refused picture answers a field error on its own field and stores nothing; the stored
 * files are removed again when the work fails.
 */
export async function withPictures<T, K extends string>(
  storage: FileStorage,
  prefix: string,
  uploads: Partial<Record<K, string>>,
  kept: readonly string[],
  work: (urls: Partial<Record<K, string>>) => Promise<T>,
): Promise<T> {
  const encoded: [K, Buffer][] = [];
  const urls: Partial<Record<K, string>> = {};
  const errors: Record<string, MessageRef> = {};
  for (const [field, value] of Object.entries(uploads) as [K, string | undefined][]) {
    if (value === undefined) continue;
    if (!isDataUrl(value)) {
      if (kept.includes(value)) urls[field] = value;
      else errors[field] = 'picture_not_upload';
      continue;
    }
    try {
      countImageDecode('console');
      encoded.push([field, (await processImage(decodeDataUrl(value))).image]);
    } catch (err) {
      if (err instanceof ImageRefused) errors[field] = err.key;
      else throw err;
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, { errors });
  const stored: string[] = [];
  try {
    for (const [field, image] of encoded) {
      const key = `${prefix}/${randomBytes(16).toString('hex')}.webp`;
      await storage.put(key, image, 'image/webp');
      stored.push(key);
      urls[field] = uploadUrl(key);
    }
    return await work(urls);
  } catch (err) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
}
