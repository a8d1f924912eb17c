import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database, NewPack, PackUpdate } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export interface PackFilter {
  cardTypeId?: number;
  paymentMethod?: number;
}

export function listCardTypes(db: Executor) {
  return db.selectFrom('card_types').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findCardType(db: Executor, id: number) {
  return db.selectFrom('card_types').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPack(db: Executor, id: number) {
  return db.selectFrom('packs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPack(db: Executor, values: NewPack): Promise<number> {
  const row = await db.insertInto('packs').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePack(db: Executor, id: number, values: PackUpdate): Promise<boolean> {
  const r = await db.updateTable('packs').set(values).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

function filtered(db: Executor, f: PackFilter) {
  let q = db.selectFrom('packs');
  if (f.cardTypeId !== undefined) q = q.where('card_type_id', '=', f.cardTypeId);
  if (f.paymentMethod !== undefined) q = q.where('payment_method', '=', f.paymentMethod);
  return q;
}

export async function countPacks(db: Executor, f: PackFilter): Promise<number> {
  const r = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Packs in list order: before sale first, then on sale, then sold out or ended (`nowIso` decides); within
 * each group by `sort`, then newest sale start first.
 */
export function listPacks(
  db: Executor,
  f: PackFilter,
  nowIso: string,
  page?: { limit: number; offset: number },
) {
  const group = (eb: ExpressionBuilder<Database, 'packs'>) =>
    eb
      .case()
      .when('start_at', '>', nowIso)
      .then(eb.lit(0))
      .when(
        eb.or([
          eb('sold_count', '>=', eb.ref('total_pack_count')),
          eb.and([eb('end_at', 'is not', null), eb('end_at', '<=', nowIso)]),
        ]),
      )
      .then(eb.lit(2))
      .else(eb.lit(1))
      .end();
  let q = filtered(db, f)
    .selectAll()
    .orderBy(group)
    .orderBy('sort')
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export function listPrizes(db: Executor, packId: number) {
  return db.selectFrom('pack_prizes').selectAll().where('pack_id', '=', packId).orderBy('id').execute();
}

export async function countPackCards(db: Executor, packId: number): Promise<number> {
  const r = await db
    .selectFrom('pack_prizes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pack_id', '=', packId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The prizes of a pack with their cards: the last-one prize first, then by rarity, best first. */
export function listPackCards(db: Executor, packId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('pack_prizes as p')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .select([
      'p.id as prize_id',
      'p.quantity',
      'p.is_last_one',
      'c.id as card_id',
      'c.name_en',
      'c.name_ja',
      'c.model_number',
      'c.rarity',
      'c.rarity_label',
      'c.image_url',
    ])
    .where('p.pack_id', '=', packId)
    .orderBy('p.is_last_one', 'desc')
    .orderBy('c.rarity', 'desc')
    .orderBy('p.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findCard(db: Executor, id: number) {
  return db
    .selectFrom('cards')
    .innerJoin('card_types', 'card_types.id', 'cards.card_type_id')
    .selectAll('cards')
    .select(['card_types.name_en as type_name_en'])
    .where('cards.id', '=', id)
    .executeTakeFirst();
}

/** The best prizes of a pack, for its artwork. */
export function topPrizeCards(db: Executor, packId: number, limit: number) {
  return db
    .selectFrom('pack_prizes as p')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .select([
      'c.id',
      'c.name_en',
      'c.name_ja',
      'c.rarity',
      'c.rarity_label',
      'c.model_number',
      'p.quantity',
      'p.is_last_one',
    ])
    .where('p.pack_id', '=', packId)
    .orderBy('c.rarity', 'desc')
    .orderBy('p.is_last_one', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Prize rows per rarity of a pack (for the pack's odds artwork). */
export function prizeTiers(db: Executor, packId: number) {
  return db
    .selectFrom('pack_prizes as p')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .select((eb) => [
      'c.rarity',
      eb.fn.max('c.rarity_label').as('rarity_label'),
      eb.fn.sum<number>('p.quantity').as('quantity'),
    ])
    .where('p.pack_id', '=', packId)
    .where('p.is_last_one', '=', 0)
    .groupBy('c.rarity')
    .orderBy('c.rarity', 'desc')
    .execute();
}

/** An uploaded opening video of a pack, with its bytes (the media route). */
export function findPackVideoFile(db: Executor, packId: number, videoId: number) {
  return db
    .selectFrom('pack_videos')
    .select(['id', 'content_type', 'data'])
    .where('id', '=', videoId)
    .where('pack_id', '=', packId)
    .executeTakeFirst();
}
