import { randomBytes } from 'node:crypto';
import { POSTS_PER_PAGE, type Post, type PostListPage, type PostSaveResult } from '@gacha/contract/board';
import type { AdminPostQuery } from '@gacha/contract/admin-shop';
import { message, type Lang, type MessageKey } from '@gacha/contract/messages';
import { pageInfo } from '@gacha/contract/paging';
import type { Db } from '../../db/index.ts';
import { formatJstDate } from '../../db/time.ts';
import { ApiError, type MessageRef } from '../../http/api-error.ts';
import { releaseAttempt, reserveAttempt, type ThrottleRule } from '../../http/throttle.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { lockGemAccount } from '../gems/service.ts';
import { countImageDecode } from '../ops/service.ts';
import { decodeDataUrl, ImageRefused, processImage, type ProcessedImage } from '../../storage/images.ts';
import * as repo from './repo.ts';

/**
 * Everyone's Record (spec §1, §2, §3 Post, §6, §7; DOMAIN.md board): members post a comment with up to
 * 3 images; a post shows once the shop approves it, and approval pays 500 bonus gems once per post.
 */

export interface BoardDeps {
  db: Db;
  storage: FileStorage;
  postsPerDay: number;
}

const DAY_MS = 24 * 3600 * 1000;
export const mediaUrl = (key: string) => `/media/uploads/${key}`;

/** The public face of a name: the first name and the family name's initial (a public board shows no full names). */
function publicName(
  first: string,
  last: string,
): { firstName: string; middleName: string; lastName: string } {
  const initial = [...last.trim()][0];
  return { firstName: first.trim(), middleName: '', lastName: initial ? `${initial.toUpperCase()}.` : '' };
}

/** GET /user/post/list/{page}: approved posts, newest first, 10 a page. */
export async function postList(db: Db, page: number): Promise<PostListPage> {
  const info = pageInfo(page, await repo.countApproved(db), POSTS_PER_PAGE);
  const rows = await repo.approvedPage(db, {
    limit: POSTS_PER_PAGE,
    offset: (info.page - 1) * POSTS_PER_PAGE,
  });
  const images = await repo.imagesOf(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r): Post => ({
    id: r.id,
    ...publicName(r.first_name, r.last_name),
    created: formatJstDate(r.created_at),
    content: r.content,
    images: images
      .filter((i) => i.post_id === r.id)
      .map((i) => ({
        url: mediaUrl(i.image_key),
        thumb: mediaUrl(i.thumb_key),
        width: i.width,
        height: i.height,
      })),
  }));
  return { list, ...info };
}

/** The member's own posts with their state (pending, approved, or rejected with the shop's reason). */
export async function myPosts(db: Db, userId: number) {
  const rows = await repo.postsOf(db, userId, 20);
  return {
    list: rows.map((r) => ({
      id: r.id,
      content: r.content,
      status: r.status,
      reject_reason: r.reject_reason ?? '',
      created: formatJstDate(r.created_at),
    })),
  };
}

const received = (postId: number, lang: Lang): PostSaveResult => ({
  result: '1',
  post_id: postId,
  message: message('post_received', lang),
});

/** Stores a post's re-encoded images; answers their rows (without the post id) and keys. */
async function storeImages(storage: FileStorage, images: ProcessedImage[], now: Date) {
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  const stored: { keys: string[]; rows: Omit<repo.NewPostImage, 'post_id'>[] } = { keys: [], rows: [] };
  try {
    for (const [position, img] of images.entries()) {
      const name = randomBytes(16).toString('hex');
      const imageKey = `posts/${month}/${name}.webp`;
      const thumbKey = `posts/${month}/${name}-thumb.webp`;
      await storage.put(imageKey, img.image, 'image/webp');
      stored.keys.push(imageKey);
      await storage.put(thumbKey, img.thumb, 'image/webp');
      stored.keys.push(thumbKey);
      stored.rows.push({
        position,
        image_key: imageKey,
        thumb_key: thumbKey,
        width: img.width,
        height: img.height,
        byte_size: img.image.length,
      });
    }
    return stored;
  } catch (err) {
    await forget(storage, stored.keys);
    throw err;
  }
}

async function forget(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
}

const overLimit = (limit: number) =>
  new ApiError(400, { errors: { user: { key: 'post_daily_limit', params: { limit } } } });

/**
 * How long a reserved post slot is held at most: a request that died while holding one (a crash mid-upload)
 * gives the member that slot back after this, whatever happens.
 */
const SLOT_LEASE_MS = 10 * 60_000;

/**
 * Reserves one of the member's posts of the day before any image is decoded (decoding is the costly part:
 * parallel posts beyond the limit must not all pay for it). The slots in flight are a counter in `throttles`;
 * with the member's row locked, the posts of the last 24 hours plus the slots in flight stay within the limit.
 * A slot goes back when the post is refused, or, in the transaction that stores the post, when the post
 * itself starts to count. Answers the rule to give back.
 */
async function reserveSlot(deps: BoardDeps, userId: number, since: string, now: Date) {
  return deps.db.transaction().execute(async (tx): Promise<ThrottleRule> => {
    await lockGemAccount(tx, userId);
    const free = deps.postsPerDay - (await repo.postsSince(tx, userId, since));
    if (free <= 0) throw overLimit(deps.postsPerDay);
    const slot = { key: `post-slot:${userId}`, max: free };
    try {
      await reserveAttempt(tx, [slot], now, SLOT_LEASE_MS);
    } catch (err) {
      // every slot is taken by posts in flight; the refused count is rolled back with this transaction
      if (err instanceof ApiError && err.state === 429) throw overLimit(deps.postsPerDay);
      throw err;
    }
    return slot;
  });
}

/**
 * POST /user/post/save {content, images}: reserves one of the day's posts first (refused past the limit before
 * any image is read), checks every image (per-image errors `image1`…`image3`), stores them re-encoded, then
 * records the pending post in one transaction with the member's row locked (the daily limit is counted again by
 * one request at a time). Nothing is kept, and the slot goes back, when anything is refused. The same request_id
 * again answers the same post.
 */
export async function savePost(
  deps: BoardDeps,
  userId: number,
  input: { content: string; images: string[]; request_id?: string | undefined },
  lang: Lang,
  now: Date,
): Promise<PostSaveResult> {
  const requestId = input.request_id ?? null;
  if (requestId) {
    const same = await repo.postByRequest(deps.db, userId, requestId);
    if (same) return received(same.id, lang);
  }
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const slot = { rule: await reserveSlot(deps, userId, since, now), held: true };
  try {
    return await checkAndStore(deps, userId, input, lang, now, since, slot);
  } finally {
    if (slot.held) await releaseAttempt(deps.db, slot.rule);
  }
}

async function checkAndStore(
  deps: BoardDeps,
  userId: number,
  input: { content: string; images: string[]; request_id?: string | undefined },
  lang: Lang,
  now: Date,
  since: string,
  slot: { rule: ThrottleRule; held: boolean },
): Promise<PostSaveResult> {
  const requestId = input.request_id ?? null;
  const errors: Record<string, MessageRef> = {};
  const processed: ProcessedImage[] = [];
  for (const [i, url] of input.images.entries()) {
    try {
      countImageDecode('board');
      processed.push(await processImage(decodeDataUrl(url)));
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      errors[`image${i + 1}`] = err.key as MessageKey;
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, { errors });

  const stored = await storeImages(deps.storage, processed, now);
  try {
    const postId = await deps.db.transaction().execute(async (tx) => {
      await lockGemAccount(tx, userId);
      if ((await repo.postsSince(tx, userId, since)) >= deps.postsPerDay) throw overLimit(deps.postsPerDay);
      // the post (or the same request's) counts from now on: its slot goes back in the same transaction, so
      // at no moment is it counted twice or not at all
      await releaseAttempt(tx, slot.rule);
      const id = await repo.insertPost(tx, {
        user_id: userId,
        content: input.content,
        request_id: requestId,
        created_at: now.toISOString(),
      });
      if (id === undefined) return undefined; // the same request, at the same time: its post stands
      await repo.insertImages(
        tx,
        stored.rows.map((r) => ({ ...r, post_id: id })),
      );
      return id;
    });
    slot.held = false; // given back with the post
    if (postId === undefined) {
      await forget(deps.storage, stored.keys);
      const same = await repo.postByRequest(deps.db, userId, requestId!);
      return received(same!.id, lang);
    }
    return received(postId, lang);
  } catch (err) {
    await forget(deps.storage, stored.keys);
    throw err;
  }
}

export const STAFF_POSTS_PAGE = 20;

/** Posts of one state for the console (a list of admin-list.ts), 20 a page unless asked, with their pictures. */
export async function postsForStaff(db: Db, q: AdminPostQuery) {
  const found = await repo.postsByStatus(db, q.status, { ...q, per: q.per ?? STAFF_POSTS_PAGE });
  const images = await repo.imagesOf(
    db,
    found.list.map((r) => r.id),
  );
  return {
    ...found,
    list: found.list.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      name: `${r.last_name} ${r.first_name}`.trim(),
      content: r.content,
      status: r.status,
      reject_reason: r.reject_reason,
      created_at: r.created_at,
      decided_at: r.decided_at,
      images: images
        .filter((i) => i.post_id === r.id)
        .map((i) => ({ url: mediaUrl(i.image_key), thumb_url: mediaUrl(i.thumb_key) })),
    })),
  };
}

export { pendingPosts } from './repo.ts';
