import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/api-error.ts';
import * as repo from './repo.ts';

/**
 * A pack's own opening videos: the files a browser plays, kept in the database (or the same-origin path of a file
 * served elsewhere). Staff add and remove them (staff.ts); the buy-pack result carries them (repo.packVideos).
 */

/** Uploaded opening videos: the types a browser plays, and the largest file kept. */
export const VIDEO_TYPES: Readonly<Record<string, string>> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };
export const MAX_VIDEO_BYTES = 64 * 1024 * 1024;
export const packVideoUrl = (packId: number, videoId: number, ext: string) =>
  `/media/packs/${packId}/videos/${videoId}.${ext}`;

export type NewPackVideo = { packId: number; rarity: number | null; movieStyle: number | null } & (
  { file: { contentType: string; data: Buffer } } | { url: string }
);

/** A new video's uploaded file with its extension (null for a path), or a RangeError for what cannot be kept. */
export function checkedVideo(v: NewPackVideo): { contentType: string; data: Buffer; ext: string } | null {
  if (v.rarity !== null && !(Number.isInteger(v.rarity) && v.rarity >= 1 && v.rarity <= 7)) {
    throw new RangeError('rarity must be 1–7 or null');
  }
  if (v.movieStyle !== null && !(Number.isInteger(v.movieStyle) && v.movieStyle >= 0)) {
    throw new RangeError('movie_style must be a whole number or null');
  }
  if ('file' in v) {
    const ext = VIDEO_TYPES[v.file.contentType];
    if (!ext)
      throw new RangeError(`video type ${v.file.contentType} is not one of ${Object.keys(VIDEO_TYPES)}`);
    if (!v.file.data.length || v.file.data.length > MAX_VIDEO_BYTES) throw new RangeError('video size');
    return { ...v.file, ext };
  }
  if (!/^\/(?!\/)[\w\-./%]+$/.test(v.url)) throw new RangeError('a video url must be a same-origin path');
  return null;
}

export interface PackVideoRow {
  id: number;
  rarity: number | null;
  movie_style: number | null;
  url: string;
  content_type: string;
  byte_size: number;
}

/** A pack's configured opening videos, without their bytes (staff command line). */
export async function listPackVideos(db: Db, packId: number): Promise<PackVideoRow[]> {
  if (!(await repo.findPack(db, packId))) throw notFound('pack_not_found');
  return repo.listVideos(db, packId);
}
