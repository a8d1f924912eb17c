import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/api-error.ts';

type Executor = Db | Transaction<Database>;

/**
 * What the console reads of the catalogue besides packs and cards: card types (the Top tabs) and a pack's
 * pictures. Their writes are staff rules: staff.ts (packs) and staff-cards.ts (cards, card types).
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

/** Whether a card type exists (a card or pack form names one). */
export async function cardTypeExists(ex: Executor, id: number): Promise<boolean> {
  return (await typeRow(ex, id)) !== undefined;
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
