import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

/**
 * What the fairness pages read. This module writes nothing of its own: it reads the pack (packs), its
 * lot sequence (pack_lots, fixed at publishing) and the sold lots' won items (holdings), which say who drew which
 * position when.
 */

type Executor = Db | Transaction<Database>;

/** The pack's sale state: one primary-key read, the only query of a live-odds answer that is cached. */
export function packState(ex: Executor, packId: number) {
  return ex
    .selectFrom('packs')
    .select([
      'id',
      'name_en',
      'name_ja',
      'point',
      'payment_method',
      'movie_style',
      'card_type_id',
      'total_pack_count',
      'sold_count',
      'start_at',
      'end_at',
      'seed',
      'commitment',
    ])
    .where('id', '=', packId)
    .executeTakeFirst();
}
export type PackState = NonNullable<Awaited<ReturnType<typeof packState>>>;

/** The pack's whole lot sequence, prize id per position in position order (fixed once published). */
export async function lotSequence(ex: Executor, packId: number): Promise<number[]> {
  const rows = await ex
    .selectFrom('pack_lots')
    .select(['position', 'prize_id'])
    .where('pack_id', '=', packId)
    .orderBy('position')
    .execute();
  const out = new Array<number>(rows.length);
  for (const r of rows) out[r.position] = r.prize_id;
  return out;
}

/** When the lots at these positions were drawn (their won items' creation). */
export async function drawTimes(ex: Executor, packId: number, positions: readonly number[]) {
  if (!positions.length) return [];
  return ex
    .selectFrom('won_items')
    .select(['position', 'created_at'])
    .where('pack_id', '=', packId)
    .where('position', 'in', positions)
    .execute();
}

/**
 * The sold lots at positions lo…hi as won, newest (highest position) first: position, prize, time, and the
 * member only to tell the caller's own draws apart (never answered).
 */
export function recordRows(ex: Executor, packId: number, lo: number, hi: number) {
  return ex
    .selectFrom('won_items')
    .select(['position', 'prize_id', 'created_at', 'user_id'])
    .where('pack_id', '=', packId)
    .where('position', 'is not', null)
    .where('position', '>=', lo)
    .where('position', '<=', hi)
    .orderBy('position', 'desc')
    .execute();
}
export type RecordRow = Awaited<ReturnType<typeof recordRows>>[number];
