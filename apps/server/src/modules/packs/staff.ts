import type { Transaction } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Database, NewPack, Pack, PackUpdate } from '../../db/schema.ts';
import { ApiError, conflict, fieldError, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import { forgetPack } from './pack-cache.ts';
import { publishPack, publishSummary } from './publish.ts';
import * as repo from './repo.ts';
import { cleanDetail } from './sanitize.ts';
import type { NewPrize } from './repo.ts';
import { checkedVideo, packVideoUrl, type NewPackVideo } from './videos.ts';

/**
 * The packs module's staff rules for packs: drafts, their prizes and publishing, the end of a sale, a pause,
 * pictures and opening videos, deleting a draft. Each runs in the StaffWrite it is given, one transaction with
 * its audit row (target 'pack'); a change that changes nothing appends none. Cards and card types: staff-cards.ts.
 *
 * This file is the module's one entry for its staff rules (ARCHITECTURE.md, Layout): it also passes on the card
 * and card type rules of staff-cards.ts and the console's catalogue reads of staff-catalogue.ts.
 */
export {
  addCard,
  addCardType,
  changeCard,
  changeCardType,
  checkCardCsv,
  deleteUnusedCard,
  importCards,
} from './staff-cards.ts';
export { cardTypeExists, cardTypesForStaff, packPictures } from './staff-catalogue.ts';

/**
 * What a published pack keeps for good: its price, currency, lot count, card type and start, besides the
 * sequence itself. Its names, description, images, end date, limits and display may still change.
 */
export const LOCKED_AFTER_PUBLISHING = [
  'point',
  'payment_method',
  'total_pack_count',
  'card_type_id',
  'start_at',
  'sold_count',
  'seed',
  'commitment',
  'odds_disclosure',
] as const satisfies readonly (keyof PackUpdate)[];

/** Refuses a change of a published pack's locked columns (the purchase and the commitment depend on them). */
export class PackLocked extends Error {
  constructor(readonly columns: string[]) {
    super(`a published pack keeps ${columns.join(', ')}`);
  }
}

export type NewPackFields = Omit<NewPack, 'images' | 'banner_image' | 'created_at'>;

/** A new pack (a draft: publishReadyPack fixes its lots), without pictures; the description is sanitised. */
export function createDraftPack(write: StaffWrite, body: NewPackFields): Promise<number> {
  return write(async (tx, audit) => {
    const values = { ...body, images: '[]', banner_image: '', created_at: write.now.toISOString() };
    const id = await repo.insertPack(tx, cleanDetail(values));
    await audit({ action: 'pack.create', target: { type: 'pack', id }, before: null, after: body });
    return id;
  });
}

/**
 * Changes a pack's columns (in the caller's transaction); the description is sanitised. A published pack refuses
 * a change of what LOCKED_AFTER_PUBLISHING names (PackLocked). Values equal to the stored ones are no change:
 * null when nothing changes (nothing written), else the rows before and after.
 */
async function changePack(tx: Transaction<Database>, packId: number, values: PackUpdate) {
  const before = await repo.findPack(tx, packId);
  if (!before) throw notFound('pack_not_found');
  if (before.seed !== null) {
    const locked = LOCKED_AFTER_PUBLISHING.filter(
      (c) => values[c] !== undefined && values[c] !== (before as Record<string, unknown>)[c],
    );
    if (locked.length) throw new PackLocked(locked);
  }
  const set = changedColumns(before, cleanDetail(values));
  if (!set) return null;
  await repo.updatePack(tx, packId, set);
  return { before, after: (await repo.findPack(tx, packId))! };
}

/**
 * Changes a pack's columns (changePack: locked columns of a published pack refused), with its audit row; answers
 * the row as it is now. The buy path's cached copy of the pack is dropped in this process once committed (other
 * processes see the change within the cache's lifetime, pack-cache.ts).
 */
export async function updatePack(write: StaffWrite, packId: number, values: PackUpdate): Promise<Pack> {
  const pack = await write(async (tx, audit) => {
    const change = await changePack(tx, packId, values);
    if (!change) return (await repo.findPack(tx, packId))!;
    const { before, after } = change;
    await audit({ action: 'pack.update', target: { type: 'pack', id: after.id }, before, after });
    return after;
  });
  forgetPack(write.db, packId);
  return pack;
}

/** Ends a pack's sale now (its end date set to the write's time). */
export async function endPackSale(write: StaffWrite, packId: number): Promise<void> {
  await write(async (tx, audit) => {
    const change = await changePack(tx, packId, { end_at: write.now.toISOString() });
    if (!change) return;
    const { before, after } = change;
    await audit({
      action: 'pack.end',
      target: { type: 'pack', id: after.id },
      before: { end_at: before.end_at },
      after: { end_at: after.end_at },
    });
  });
  forgetPack(write.db, packId);
}

/** Replaces a draft's prizes whole; a published pack refuses (PackLocked). */
export async function replacePrizes(write: StaffWrite, packId: number, prizes: readonly NewPrize[]) {
  await write(async (tx, audit) => {
    const pack = await repo.findPack(tx, packId);
    if (!pack) throw notFound('pack_not_found');
    if (pack.seed !== null) throw new PackLocked(['prizes']);
    const before = await repo.listPrizes(tx, packId);
    await repo.deletePrizes(tx, packId);
    await repo.insertPrizes(
      tx,
      prizes.map((x) => ({ ...x, pack_id: packId })),
    );
    await audit({ action: 'pack.prizes', target: { type: 'pack', id: packId }, before, after: prizes });
  });
}

/**
 * Publishes a pack whose summary is ready (publishSummary: its lots add up to its lot count), else 409
 * pack_not_ready with the summary; the audit row holds the commitment and the summary staff saw. A pack
 * published already is not published again (no audit row).
 */
export async function publishReadyPack(write: StaffWrite, packId: number, warnAbove: number) {
  const summary = await publishSummary(write.db, packId, warnAbove);
  if (!summary.ready) throw new ApiError(409, { message: 'pack_not_ready', extra: { summary } });
  return publishPack(write.db, packId, undefined, {
    write,
    entry: (commitment) => ({
      action: 'pack.publish',
      target: { type: 'pack', id: packId },
      before: null,
      after: { commitment, summary },
    }),
  });
}

/**
 * Sets a pack's carousel pictures (in order) and banner, published or not (spec: pictures may change during
 * the sale).
 */
export async function setPackPictures(
  write: StaffWrite,
  packId: number,
  images: string[],
  banner: string,
): Promise<void> {
  await write(async (tx, audit) => {
    const row = await tx
      .selectFrom('packs')
      .select(['images', 'banner_image'])
      .where('id', '=', packId)
      .executeTakeFirst();
    if (!row) throw notFound('pack_not_found');
    await tx
      .updateTable('packs')
      .set({ images: JSON.stringify(images), banner_image: banner })
      .where('id', '=', packId)
      .execute();
    forgetPack(write.db, packId);
    await audit({
      action: 'pack.images',
      target: { type: 'pack', id: packId },
      before: { images: JSON.parse(row.images) as unknown, banner_image: row.banner_image },
      after: { images, banner_image: banner },
    });
  });
}

/**
 * Pauses or resumes a published pack's sale (purchases read the live row, so it applies to the next one);
 * nothing written when it was so already. A draft has no sale to pause.
 */
export async function setPackPaused(write: StaffWrite, packId: number, paused: boolean) {
  await write(async (tx, audit) => {
    const row = await tx
      .selectFrom('packs')
      .select(['seed', 'paused_at'])
      .where('id', '=', packId)
      .executeTakeFirst();
    if (!row) throw notFound('pack_not_found');
    if (row.seed === null) throw fieldError('paused', 'invalid');
    if ((row.paused_at !== null) === paused) return;
    const pausedAt = paused ? write.now.toISOString() : null;
    await tx.updateTable('packs').set({ paused_at: pausedAt }).where('id', '=', packId).execute();
    forgetPack(write.db, packId);
    await audit({
      action: paused ? 'pack.pause' : 'pack.resume',
      target: { type: 'pack', id: packId },
      before: { paused_at: row.paused_at },
      after: { paused_at: pausedAt },
    });
  });
}

/**
 * Configures a pack's own opening video for a rarity (1–7) and a movie_style, either null for "any": an uploaded
 * file (kept in the database and served at /media/packs/{id}/videos/{videoId}.{ext}, media-routes.ts) or the
 * same-origin path of a file served elsewhere (videos.ts checkedVideo; a RangeError otherwise). The buy-pack
 * result carries the pack's videos from then on.
 */
export async function addPackVideo(write: StaffWrite, v: NewPackVideo): Promise<{ id: number; url: string }> {
  const file = checkedVideo(v);
  const video = await write(async (tx, audit) => {
    if (!(await repo.findPack(tx, v.packId))) throw notFound('pack_not_found');
    const id = await repo.insertVideo(tx, {
      pack_id: v.packId,
      rarity: v.rarity,
      movie_style: v.movieStyle,
      url: file ? '' : (v as { url: string }).url,
      content_type: file?.contentType ?? 'video/mp4',
      data: file?.data ?? null,
      byte_size: file?.data.length ?? 0,
      created_at: write.now.toISOString(),
    });
    if (file) await repo.setVideoUrl(tx, id, packVideoUrl(v.packId, id, file.ext));
    const url = await repo.findVideoUrl(tx, id);
    await audit({
      action: 'pack.video.add',
      target: { type: 'pack', id: v.packId },
      before: null,
      after: {
        video_id: id,
        url,
        rarity: v.rarity,
        movie_style: v.movieStyle,
        byte_size: file?.data.length ?? 0,
      },
    });
    return { id, url };
  });
  forgetPack(write.db, v.packId);
  return video;
}

/** Removes one opening video; purchases from then on play the next match or the app's own animation. */
export async function removePackVideo(
  write: StaffWrite,
  videoId: number,
): Promise<{ id: number; pack_id: number }> {
  const removed = await write(async (tx, audit) => {
    const row = await repo.deleteVideo(tx, videoId);
    if (row)
      await audit({
        action: 'pack.video.remove',
        target: { type: 'pack', id: row.pack_id },
        before: { video_id: row.id },
        after: null,
      });
    return row;
  });
  if (!removed) throw notFound('video_not_found');
  forgetPack(write.db, removed.pack_id);
  return removed;
}

/**
 * Deletes a draft: a pack never published (no lots, nothing sold), with its prizes and videos.
 * A published pack is part of the shop's record (its commitment, its sales): its sale is ended instead.
 */
export async function deleteDraftPack(write: StaffWrite, packId: number): Promise<void> {
  await write(async (tx, audit) => {
    const pack = await repo.findPack(tx, packId);
    if (!pack) throw notFound('pack_not_found');
    if (pack.seed !== null) throw conflict('pack', 'pack_delete_published');
    if (!(await repo.deletePack(tx, packId))) throw notFound('pack_not_found');
    await audit({ action: 'pack.delete', target: { type: 'pack', id: pack.id }, before: pack, after: null });
  });
  forgetPack(write.db, packId);
}
