import type { Transaction, Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import { forgetPack } from './pack-cache.ts';

type Executor = Db | Transaction<Database>;

/**
 * What the console edits of the catalogue besides packs and cards: card types (the Top tabs) and a
 * pack's pictures. Each write runs in the caller's transaction (the console's audit row goes in the same one)
 * and answers the row before and after.
 */

export async function cardTypesForStaff(db: Db) {
  const rows = await db
    .selectFrom('card_types as t')
    .select(['t.id', 't.name_en', 't.name_ja', 't.sort', 't.top_tab', 't.exchange_tab'])
    .select((eb) => [
      eb
        .selectFrom('cards as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('c.card_type_id', '=', 't.id')
        .as('cards'),
      eb
        .selectFrom('packs as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.card_type_id', '=', 't.id')
        .as('packs'),
    ])
    .orderBy('t.sort')
    .orderBy('t.id')
    .execute();
  return { list: rows.map((r) => ({ ...r, cards: Number(r.cards ?? 0), packs: Number(r.packs ?? 0) })) };
}

const typeRow = (ex: Executor, id: number) =>
  ex.selectFrom('card_types').selectAll().where('id', '=', id).executeTakeFirst();

export async function addCardType(
  tx: Executor,
  row: {
    id: number;
    name_en: string;
    name_ja: string;
    sort: number;
    top_tab?: number;
    exchange_tab?: number;
  },
) {
  if (await typeRow(tx, row.id)) throw fieldError('id', 'card_type_exists');
  await tx.insertInto('card_types').values(row).execute();
  return row;
}

export async function changeCardType(tx: Executor, id: number, set: Updateable<Database['card_types']>) {
  const before = await typeRow(tx, id);
  if (!before) throw notFound('card_type_not_found');
  const changed = changedColumns(before, set);
  if (!changed) return null;
  await tx.updateTable('card_types').set(changed).where('id', '=', id).execute();
  return { before, after: (await typeRow(tx, id))! };
}

/** Whether a card type exists (a card or pack form names one). */
export async function cardTypeExists(ex: Executor, id: number): Promise<boolean> {
  return (await typeRow(ex, id)) !== undefined;
}

/**
 * Sets a pack's carousel pictures (in order) and banner, published or not (spec: pictures may change during
 * the sale). Answers the URLs before and after.
 */
export async function setPackPictures(
  tx: Executor,
  db: Db,
  packId: number,
  images: string[],
  banner: string,
) {
  const before = await tx
    .selectFrom('packs')
    .select(['images', 'banner_image'])
    .where('id', '=', packId)
    .executeTakeFirst();
  if (!before) throw notFound('pack_not_found');
  await tx
    .updateTable('packs')
    .set({ images: JSON.stringify(images), banner_image: banner })
    .where('id', '=', packId)
    .execute();
  forgetPack(db, packId);
  return {
    before: { images: JSON.parse(before.images) as unknown, banner_image: before.banner_image },
    after: { images, banner_image: banner },
  };
}

/**
 * Pauses or resumes a published pack's sale (purchases read the live row, so it applies to the next one); null
 * when it was so already. A draft has no sale to pause.
 */
export async function setPackPaused(tx: Executor, db: Db, packId: number, paused: boolean, now: Date) {
  const row = await tx
    .selectFrom('packs')
    .select(['seed', 'paused_at'])
    .where('id', '=', packId)
    .executeTakeFirst();
  if (!row) throw notFound('pack_not_found');
  if (row.seed === null) throw fieldError('paused', 'invalid');
  if ((row.paused_at !== null) === paused) return null;
  const pausedAt = paused ? now.toISOString() : null;
  await tx.updateTable('packs').set({ paused_at: pausedAt }).where('id', '=', packId).execute();
  forgetPack(db, packId);
  return { before: { paused_at: row.paused_at }, after: { paused_at: pausedAt } };
}

/** The pictures a pack has now (the console may keep them by path). */
export async function packPictures(ex: Executor, packId: number): Promise<string[]> {
  const row = await ex
    .selectFrom('packs')
    .select(['images', 'banner_image'])
    .where('id', '=', packId)
    .executeTakeFirst();
  if (!row) throw notFound('pack_not_found');
  const images = JSON.parse(row.images) as unknown;
  return [
    ...(Array.isArray(images) ? images.filter((x): x is string => typeof x === 'string') : []),
    row.banner_image,
  ];
}
