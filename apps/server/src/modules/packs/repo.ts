import { sql, type ExpressionBuilder, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { PackVideo } from '@gacha/contract/packs';
import {
  CARD_CSV_COLUMNS,
  type AdminCardSort,
  type AdminPackSort,
  type AdminPackState,
} from '@gacha/contract/admin';
import { countRows } from '../../db/count.ts';
import type { ListSpec } from '../../db/list-page.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database, NewPack, PackUpdate } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A card as staff add it (its artwork's url comes after its id). */
export type NewCard = Omit<Insertable<Database['cards']>, 'id' | 'image_url'>;
/** A card's fields staff change. */
export type CardFields = Omit<Updateable<Database['cards']>, 'id' | 'image_url'>;
/** A prize of an unpublished pack. */
export type NewPrize = Omit<Insertable<Database['pack_prizes']>, 'id' | 'pack_id'>;

export interface PackFilter {
  cardTypeId?: number;
  paymentMethod?: number;
}

/** Locks the card types (PostgreSQL; SQLite's writer is one at a time): card imports run one after another. */
export async function lockCardTypes(tx: Executor): Promise<void> {
  if (isPostgres(tx)) await tx.selectFrom('card_types').select('id').forUpdate().execute();
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

export function countPacks(db: Executor, f: PackFilter): Promise<number> {
  return countRows(filtered(db, f));
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

export function countPackCards(db: Executor, packId: number): Promise<number> {
  return countRows(db.selectFrom('pack_prizes').where('pack_id', '=', packId));
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

// --- what a purchase reads and claims (the draws module's purchase and the pack cache) ---

/**
 * What a purchase reads of a pack (the live row inside its transaction, the cached copy outside it): every
 * column the purchase rule and the buy-pack result need.
 */
export async function findSaleRow(ex: Executor, packId: number) {
  return ex
    .selectFrom('packs')
    .select([
      'id',
      'name_en',
      'name_ja',
      'payment_method',
      'point',
      'total_pack_count',
      'sold_count',
      'start_at',
      'end_at',
      'can_limit',
      'limit_count',
      'limit_message_en',
      'limit_message_ja',
      'max_buy_count',
      'movie_style',
      'card_type_id',
      'seed',
      'commitment',
      'paused_at',
    ])
    .where('id', '=', packId)
    .executeTakeFirst();
}
export type PackRow = NonNullable<Awaited<ReturnType<typeof findSaleRow>>>;

/** A pack's own opening videos (migration 006), without their bytes: what the buy-pack result carries. */
export async function packVideos(ex: Executor, packId: number): Promise<PackVideo[]> {
  const rows = await ex
    .selectFrom('pack_videos')
    .select(['rarity', 'movie_style', 'url'])
    .where('pack_id', '=', packId)
    .where('url', '<>', '')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    rarity: r.rarity === null ? null : Number(r.rarity),
    movie_style: r.movie_style === null ? null : Number(r.movie_style),
    url: r.url,
  }));
}

/** The pack's prizes with their cards (last-one prizes included, flagged). */
export async function packPrizes(ex: Executor, packId: number) {
  return ex
    .selectFrom('pack_prizes as pp')
    .innerJoin('cards as c', 'c.id', 'pp.card_id')
    .select([
      'pp.id',
      'pp.card_id',
      'pp.quantity',
      'pp.buy_point',
      'pp.num',
      'pp.ship_only',
      'pp.is_last_one',
      'c.rarity',
      'c.rarity_label',
      'c.image_url',
      'c.name_en',
      'c.name_ja',
      'c.model_number',
    ])
    .where('pp.pack_id', '=', packId)
    .orderBy('pp.id')
    .execute();
}
export type PrizeRow = Awaited<ReturnType<typeof packPrizes>>[number];

const claim = prepareQuery((db, p: Slots<{ packId: number; count: number }>) =>
  db
    .updateTable('packs')
    .set((eb) => ({ sold_count: eb('sold_count', '+', p.count) }))
    .where('id', '=', p.packId)
    .where(sql<boolean>`sold_count + ${p.count} <= total_pack_count`)
    .returning(['sold_count', 'total_pack_count']),
);

/**
 * Claims the next `count` lot positions with one conditional statement (ARCHITECTURE.md: contended counters).
 * Answers the new sold_count, or undefined when fewer than `count` lots are left.
 */
export async function claimPositions(tx: Executor, packId: number, count: number) {
  return (await claim(tx, { packId, count })).rows[0];
}

// --- publishing the lot sequence ---

export function findPublishState(ex: Executor, packId: number) {
  return ex
    .selectFrom('packs')
    .select(['id', 'seed', 'commitment', 'total_pack_count'])
    .where('id', '=', packId)
    .executeTakeFirst();
}

/**
 * Stores the seed, the commitment and the odds disclosure (one statement: the disclosure is kept with the
 * commitment) unless the pack has a seed already; false when it had.
 */
export async function setSeedOnce(
  tx: Executor,
  packId: number,
  plan: { seed: string; commitment: string; disclosure: string },
): Promise<boolean> {
  const r = await tx
    .updateTable('packs')
    .set({ seed: plan.seed, commitment: plan.commitment, odds_disclosure: plan.disclosure })
    .where('id', '=', packId)
    .where('seed', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function findCommitment(ex: Executor, packId: number) {
  const row = await ex
    .selectFrom('packs')
    .select('commitment')
    .where('id', '=', packId)
    .executeTakeFirstOrThrow();
  return row.commitment;
}

/** The published pack's commitment and odds disclosure (null columns for a draft). */
export function findDisclosure(ex: Executor, packId: number) {
  return ex
    .selectFrom('packs')
    .select(['id', 'seed', 'commitment', 'odds_disclosure'])
    .where('id', '=', packId)
    .executeTakeFirst();
}

/** Stores a published pack's disclosure unless it has one already (packs published before migration 018). */
export async function setDisclosureOnce(ex: Executor, packId: number, disclosure: string): Promise<void> {
  await ex
    .updateTable('packs')
    .set({ odds_disclosure: disclosure })
    .where('id', '=', packId)
    .where('seed', 'is not', null)
    .where('odds_disclosure', 'is', null)
    .execute();
}

export async function insertLots(tx: Executor, packId: number, sequence: readonly number[]): Promise<void> {
  for (let i = 0; i < sequence.length; i += 1000) {
    await tx
      .insertInto('pack_lots')
      .values(
        sequence.slice(i, i + 1000).map((prize_id, k) => ({ pack_id: packId, position: i + k, prize_id })),
      )
      .execute();
  }
}

// --- opening videos ---

export async function insertVideo(tx: Executor, row: Insertable<Database['pack_videos']>): Promise<number> {
  const r = await tx.insertInto('pack_videos').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function setVideoUrl(tx: Executor, videoId: number, url: string): Promise<void> {
  await tx.updateTable('pack_videos').set({ url }).where('id', '=', videoId).execute();
}

export async function findVideoUrl(ex: Executor, videoId: number): Promise<string> {
  const row = await ex
    .selectFrom('pack_videos')
    .select('url')
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  return row.url;
}

/** A pack's configured opening videos, without their bytes. */
export function listVideos(ex: Executor, packId: number) {
  return ex
    .selectFrom('pack_videos')
    .select(['id', 'rarity', 'movie_style', 'url', 'content_type', 'byte_size'])
    .where('pack_id', '=', packId)
    .orderBy('id')
    .execute();
}

export function deleteVideo(ex: Executor, videoId: number) {
  return ex
    .deleteFrom('pack_videos')
    .where('id', '=', videoId)
    .returning(['id', 'pack_id'])
    .executeTakeFirst();
}

// --- the catalogue's cards and a pack's prizes (staff tools, the demo catalogue) ---

export async function insertCards(tx: Executor, rows: readonly Insertable<Database['cards']>[]) {
  const ids = await tx.insertInto('cards').values(rows).returning('id').execute();
  return ids.map((r) => r.id);
}

export async function setCardImage(tx: Executor, cardId: number, url: string): Promise<void> {
  await tx.updateTable('cards').set({ image_url: url }).where('id', '=', cardId).execute();
}

/** Gives cards their generated artwork (service.ts cardImageUrl, written as SQL): one statement for many. */
export async function setGeneratedImages(tx: Executor, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await tx
      .updateTable('cards')
      .set({ image_url: sql<string>`'/media/cards/' || id || '.svg'` })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

export async function insertPrizes(tx: Executor, rows: readonly Insertable<Database['pack_prizes']>[]) {
  await tx.insertInto('pack_prizes').values(rows).execute();
}

/** The console's list of packs: searched by name (either language) or `#id`, sorted by one of its columns. */
export const STAFF_PACK_LIST: ListSpec<AdminPackSort> = {
  search: ['name_en', 'name_ja'],
  id: 'id',
  sorts: { id: 'id', name: 'name_en', price: 'point', sold: 'sold_count', start: 'start_at' },
  defaultSort: 'id',
  defaultDir: 'desc',
};

/**
 * The packs in a state at `now` (as salePhase decides it, in SQL so that the list pages on the server) and of a
 * card type.
 */
export function staffPacks(
  ex: Executor,
  f: { state?: AdminPackState | undefined; type?: number | undefined },
  now: string,
) {
  let q = ex.selectFrom('packs');
  if (f.type !== undefined) q = q.where('card_type_id', '=', f.type);
  if (f.state === 'draft') return q.where('seed', 'is', null);
  if (f.state === undefined) return q;
  q = q.where('seed', 'is not', null);
  if (f.state === 'before') return q.where('start_at', '>', now);
  q = q.where('start_at', '<=', now);
  if (f.state === 'sold_out') return q.whereRef('sold_count', '>=', 'total_pack_count');
  q = q.whereRef('sold_count', '<', 'total_pack_count');
  if (f.state === 'ended') return q.where('end_at', 'is not', null).where('end_at', '<=', now);
  return q.where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]));
}

/** A pack's prizes with their card and how many were won so far. */
export function prizesWithSold(ex: Executor, packId: number) {
  return ex
    .selectFrom('pack_prizes as p')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .select((eb) => [
      'p.id',
      'p.card_id',
      'c.name_en',
      'c.rarity',
      'p.quantity',
      'p.buy_point',
      'p.num',
      'p.ship_only',
      'p.is_last_one',
      eb
        .selectFrom('won_items as w')
        .select((w) => w.fn.countAll<number>().as('n'))
        .whereRef('w.prize_id', '=', 'p.id')
        .as('sold'),
    ])
    .where('p.pack_id', '=', packId)
    .orderBy('c.rarity', 'desc')
    .orderBy('p.id')
    .execute();
}

export async function deletePrizes(tx: Executor, packId: number): Promise<void> {
  await tx.deleteFrom('pack_prizes').where('pack_id', '=', packId).execute();
}

/**
 * Deletes a pack with its prizes and videos (the caller checked it was never published); false when another
 * transaction deleted it first (the pack row's delete comes first: it waits on the other's lock).
 */
export async function deletePack(tx: Executor, packId: number): Promise<boolean> {
  const r = await tx
    .deleteFrom('packs')
    .where('id', '=', packId)
    .where('seed', 'is', null)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) return false;
  await tx.deleteFrom('pack_videos').where('pack_id', '=', packId).execute();
  await deletePrizes(tx, packId);
  return true;
}

/** Whether anything names the card: a prize of a pack, a member's won item, the exchange counter. */
export async function cardInUse(ex: Executor, cardId: number): Promise<boolean> {
  const named = await Promise.all(
    (['pack_prizes', 'won_items', 'exchange_cards', 'exchanges'] as const).map((table) =>
      ex.selectFrom(table).select('card_id').where('card_id', '=', cardId).limit(1).executeTakeFirst(),
    ),
  );
  return named.some(Boolean);
}

/** False when another transaction deleted it first. */
export async function deleteCard(tx: Executor, cardId: number): Promise<boolean> {
  const r = await tx.deleteFrom('cards').where('id', '=', cardId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** The console's list of cards and its pickers: a name in either language or a model number, or `#id`. */
export const STAFF_CARD_LIST: ListSpec<AdminCardSort> = {
  search: ['name_en', 'name_ja', 'model_number'],
  id: 'id',
  sorts: {
    id: 'id',
    name: 'name_en',
    model: 'model_number',
    rarity: 'rarity',
    conversion: 'conversion_value',
  },
  defaultSort: 'id',
  defaultDir: 'desc',
};

/** The cards of a type and a rarity (GET /admin/cards). */
export function staffCards(ex: Executor, f: { type?: number | undefined; rarity?: number | undefined }) {
  let q = ex.selectFrom('cards');
  if (f.type !== undefined) q = q.where('card_type_id', '=', f.type);
  if (f.rarity !== undefined) q = q.where('rarity', '=', f.rarity);
  return q;
}

/** A card as the console lists it: the CSV's columns and its picture. */
export const STAFF_CARD_COLUMNS = [...CARD_CSV_COLUMNS, 'image_url'] as const;

export function staffCard(ex: Executor, id: number) {
  return ex.selectFrom('cards').select(STAFF_CARD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The cards with these English names: a new card of the import may already be one of them. */
export async function cardsNamed(ex: Executor, names: readonly string[]) {
  const out: { id: number; card_type_id: number; name_en: string; model_number: string }[] = [];
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += 500)
    out.push(
      ...(await ex
        .selectFrom('cards')
        .select(['id', 'card_type_id', 'name_en', 'model_number'])
        .where('name_en', 'in', unique.slice(i, i + 500))
        .execute()),
    );
  return out;
}

/** Which of `ids` are cards. */
export async function existingCards(ex: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ex.selectFrom('cards').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export function cardRow(ex: Executor, id: number) {
  return ex.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCard(
  ex: Executor,
  id: number,
  values: Updateable<Database['cards']>,
): Promise<void> {
  await ex.updateTable('cards').set(values).where('id', '=', id).execute();
}
