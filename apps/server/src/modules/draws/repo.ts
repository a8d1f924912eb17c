import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

/** Plays the member already made on the pack (for `can_limit`). */
export async function memberPlays(ex: Executor, userId: number, packId: number): Promise<number> {
  const row = await ex
    .selectFrom('pack_purchases')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .where('pack_id', '=', packId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface NewPurchase {
  user_id: number;
  pack_id: number;
  count: number;
  first_position: number;
  currency: 'gem' | 'coin';
  base_price: number;
  discount_percent: number;
  price_paid: number;
  coin_earned_tenths: number;
  created_at: string;
}

const purchaseInsert = prepareQuery((db, p: Slots<NewPurchase>) =>
  db
    .insertInto('pack_purchases')
    .values({
      user_id: p.user_id,
      pack_id: p.pack_id,
      count: p.count,
      first_position: p.first_position,
      currency: p.currency,
      base_price: p.base_price,
      discount_percent: p.discount_percent,
      price_paid: p.price_paid,
      coin_earned_tenths: p.coin_earned_tenths,
      created_at: p.created_at,
    })
    .returning('id'),
);

export async function insertPurchase(tx: Executor, row: NewPurchase): Promise<number> {
  return (await purchaseInsert(tx, row)).rows[0]!.id;
}

export async function findPurchase(ex: Executor, userId: number, purchaseId?: number) {
  return ex
    .selectFrom('pack_purchases as p')
    .innerJoin('packs as k', 'k.id', 'p.pack_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.pack_id',
      'p.count',
      'p.price_paid',
      'p.currency',
      'p.created_at',
      'k.name_en',
      'k.name_ja',
      'k.movie_style',
      'k.card_type_id',
      'k.payment_method',
      'u.country_id',
    ])
    .where('p.user_id', '=', userId)
    .$if(purchaseId !== undefined, (q) => q.where('p.id', '=', purchaseId!))
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What the fairness panel shows of a pack. */
export function fairnessPack(ex: Executor, packId: number) {
  return ex
    .selectFrom('packs')
    .select(['id', 'seed', 'commitment', 'total_pack_count', 'sold_count', 'end_at'])
    .where('id', '=', packId)
    .executeTakeFirst();
}

/** Where the member's draws of a pack fell (its lots, not the last-one prize), in lot order. */
export function memberPositions(ex: Executor, packId: number, userId: number) {
  return ex
    .selectFrom('won_items')
    .select(['position', 'id', 'prize_id'])
    .where('pack_id', '=', packId)
    .where('user_id', '=', userId)
    .where('position', 'is not', null)
    .orderBy('position')
    .execute();
}
