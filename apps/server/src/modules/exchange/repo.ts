import { sql, type Transaction } from 'kysely';
import type { ExchangeSort } from '@gacha/contract/exchange';
import { countRows } from '../../db/count.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

const cardColumns = [
  'e.id',
  'e.card_id',
  'e.sub_coin',
  'e.stock',
  'e.member_limit',
  'c.name_en',
  'c.name_ja',
  'c.model_number',
  'c.rarity',
  'c.rarity_label',
  'c.image_url',
  't.name_en as type_name_en',
  't.name_ja as type_name_ja',
] as const;

/** Exchange cards on show at `at`: within their window (either end open). */
function visible(at: string) {
  return (ex: Executor) =>
    ex
      .selectFrom('exchange_cards as e')
      .innerJoin('cards as c', 'c.id', 'e.card_id')
      .innerJoin('card_types as t', 't.id', 'c.card_type_id')
      .where((eb) => eb.or([eb('e.visible_from', 'is', null), eb('e.visible_from', '<=', at)]))
      .where((eb) => eb.or([eb('e.visible_until', 'is', null), eb('e.visible_until', '>', at)]));
}

const ORDER: Record<ExchangeSort, [string, 'asc' | 'desc'][]> = {
  new: [['e.id', 'desc']],
  coin_asc: [
    ['e.sub_coin', 'asc'],
    ['e.id', 'desc'],
  ],
  coin_desc: [
    ['e.sub_coin', 'desc'],
    ['e.id', 'desc'],
  ],
  rarity_desc: [
    ['c.rarity', 'desc'],
    ['e.id', 'desc'],
  ],
};

/** Matches a card's name (either language), rarity (number or label) or model number, case-insensitively. */
function searchFilter(text: string) {
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(lower(c.name_en) like ${like} escape '\\' or lower(c.name_ja) like ${like} escape '\\'
    or lower(c.model_number) like ${like} escape '\\' or lower(c.rarity_label) like ${like} escape '\\'
    or cast(c.rarity as text) = ${text})`;
}

export async function listVisible(
  ex: Executor,
  q: { typeId: number; search: string; sort: ExchangeSort; at: string; limit: number; offset: number },
) {
  let query = visible(q.at)(ex).where('c.card_type_id', '=', q.typeId);
  if (q.search) query = query.where(searchFilter(q.search));
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rows = query.select(cardColumns);
  for (const [column, dir] of ORDER[q.sort]) rows = rows.orderBy(sql.ref(column), dir);
  return { total: Number(total.n), rows: await rows.limit(q.limit).offset(q.offset).execute() };
}

export function findVisible(ex: Executor, id: number, at: string) {
  return visible(at)(ex).select(cardColumns).where('e.id', '=', id).executeTakeFirst();
}
export type ExchangeCardRow = NonNullable<Awaited<ReturnType<typeof findVisible>>>;

/** Takes one from stock with one conditional update; false when none is left. */
export async function takeOneFromStock(tx: Executor, id: number): Promise<boolean> {
  const r = await tx
    .updateTable('exchange_cards')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', id)
    .where('stock', '>=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function memberExchanges(ex: Executor, userId: number, exchangeCardId: number): Promise<number> {
  const r = await ex
    .selectFrom('exchanges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('exchange_card_id', '=', exchangeCardId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertExchange(
  tx: Executor,
  row: {
    user_id: number;
    exchange_card_id: number;
    card_id: number;
    sub_coin: number;
    shipment_id: number;
    created_at: string;
  },
): Promise<number> {
  const r = await tx.insertInto('exchanges').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export interface NewExchangeCard {
  card_id: number;
  sub_coin: number;
  stock: number;
  member_limit?: number;
  visible_from?: string | null;
  visible_until?: string | null;
  sort?: number;
  created_at: string;
}

export async function insertExchangeCard(ex: Executor, row: NewExchangeCard): Promise<number> {
  const r = await ex.insertInto('exchange_cards').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}
/** What the exchange rules read of the member: the shipping country and the coins held. */
export function exchangingMember(ex: Executor, userId: number) {
  return ex
    .selectFrom('users')
    .select(['country_id', 'coin_tenths'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function cardExists(ex: Executor, cardId: number) {
  return ex.selectFrom('cards').select('id').where('id', '=', cardId).executeTakeFirst();
}

/** How many cards the member has exchanged. */
export function countMemberExchanges(ex: Executor, userId: number): Promise<number> {
  return countRows(ex.selectFrom('exchanges as x').where('x.user_id', '=', userId));
}

/**
 * One page of the member's exchanges, newest first: the card (both languages), the coins paid and the shipping
 * batch the card travels in (its state and tracking code).
 */
export function memberExchangePage(ex: Executor, userId: number, page: { limit: number; offset: number }) {
  return ex
    .selectFrom('exchanges as x')
    .innerJoin('cards as c', 'c.id', 'x.card_id')
    .innerJoin('shipments as s', 's.id', 'x.shipment_id')
    .select([
      'x.id',
      'x.card_id',
      'x.sub_coin',
      'x.created_at',
      'c.name_en',
      'c.name_ja',
      'c.model_number',
      'c.rarity',
      'c.rarity_label',
      'c.image_url',
      's.status as shipment_status',
      's.delivery_code',
    ])
    .where('x.user_id', '=', userId)
    .orderBy('x.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
