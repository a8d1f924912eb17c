import type { ActionType } from '@gacha/contract/draws';
import type { PackVideo } from '@gacha/contract/packs';
import { sql, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

export async function getPack(ex: Executor, packId: number) {
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
    ])
    .where('id', '=', packId)
    .executeTakeFirst();
}
export type PackRow = NonNullable<Awaited<ReturnType<typeof getPack>>>;

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

const buyerColumns = ['id', 'rank', 'country_id', 'coin_tenths', 'coin_carry_gems'] as const;

/** The buyer's row, read without a lock (the check route). */
export async function readBuyer(ex: Executor, userId: number) {
  return ex.selectFrom('users').select(buyerColumns).where('id', '=', userId).executeTakeFirst();
}

const lockBuyerSpending = prepareQuery((db, p: Slots<{ userId: number; at: string }>) =>
  db.updateTable('users').set({ last_gem_use_at: p.at }).where('id', '=', p.userId).returning(buyerColumns),
);
const lockBuyerRow = prepareQuery((db, p: Slots<{ userId: number }>) =>
  db
    .selectFrom('users')
    .select(buyerColumns)
    .where('id', '=', p.userId)
    .$if(isPostgres(db), (q) => q.forUpdate()),
);

/**
 * Locks the buyer's row for the rest of the transaction, so one member's purchases (and decisions) queue:
 * the per-member limit, the gem lots and the coin carry are then read and written by one transaction at a time.
 * When gems will be spent the lock is the `last_gem_use_at` update itself (one statement instead of two).
 */
export async function lockBuyer(tx: Executor, userId: number, spendsGems: boolean, now: Date) {
  const r = spendsGems
    ? await lockBuyerSpending(tx, { userId, at: now.toISOString() })
    : await lockBuyerRow(tx, { userId });
  return r.rows[0];
}

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

interface LotItemsArgs {
  packId: number;
  first: number;
  end: number;
  purchaseId: number;
  userId: number;
  choosable: ActionType;
  shipOnly: ActionType;
  createdAt: string;
}

const lotItemsInsert = prepareQuery((db, p: Slots<LotItemsArgs>) =>
  db
    .insertInto('won_items')
    .columns([
      'purchase_id',
      'user_id',
      'pack_id',
      'prize_id',
      'card_id',
      'position',
      'is_last_one',
      'action_type',
      'buy_point',
      'status',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('pack_lots as l')
        .innerJoin('pack_prizes as pp', 'pp.id', 'l.prize_id')
        .select([
          sql<number>`cast(${p.purchaseId} as integer)`.as('purchase_id'),
          sql<number>`cast(${p.userId} as integer)`.as('user_id'),
          'l.pack_id',
          'l.prize_id',
          'pp.card_id',
          'l.position',
          sql<number>`0`.as('is_last_one'),
          // the purchase rule's action types (rules.ts), by the prize's ship-only flag
          sql<string>`case when pp.ship_only = 1 then cast(${p.shipOnly} as text) else cast(${p.choosable} as text) end`.as(
            'action_type',
          ),
          'pp.buy_point',
          sql<string>`'unselected'`.as('status'),
          sql<string>`cast(${p.createdAt} as text)`.as('created_at'),
        ])
        .where('l.pack_id', '=', p.packId)
        .where('l.position', '>=', p.first) // the primary key range, not a scan of the pack
        .where('l.position', '<', p.end)
        .orderBy('l.position'),
    ),
);

/** A purchase's won items as three lists in id order, each one string of the values joined by commas. */
const purchaseItemLists = prepareQuery((db, p: Slots<{ purchaseId: number }>) => {
  const list = (column: 'id' | 'position' | 'prize_id') =>
    isPostgres(db)
      ? sql<string>`string_agg(${sql.ref(column)}::text, ',' order by id)`
      : sql<string>`group_concat(${sql.ref(column)}, ',' order by id)`;
  return db
    .selectFrom('won_items')
    .select([list('id').as('ids'), list('position').as('positions'), list('prize_id').as('prize_ids')])
    .where('purchase_id', '=', p.purchaseId);
});

/** A purchase's won lots, one entry per list index. */
export interface WonLots {
  ids: number[];
  positions: number[];
  prizeIds: number[];
}

const numbers = (joined: string | null): number[] => (joined ? joined.split(',').map(Number) : []);

/**
 * One won item per lot of the purchase's range (claimed by claimPositions) in a single set-based
 * `INSERT … SELECT` from pack_lots and pack_prizes (no per-row parameters, so 3000 lots cost one statement),
 * then the new items read back as three joined lists: `RETURNING` 3000 rows cost six times as much
 * (bench/buy.bench.ts buy-3000). Call it before any other item of the purchase is inserted.
 * The unique (pack_id, position) index of won_items refuses a lot sold twice. `actionTypes`: the purchase
 * rule's action types for choosable and ship-only prizes.
 */
export async function insertLotItems(
  tx: Executor,
  args: {
    packId: number;
    first: number;
    count: number;
    purchaseId: number;
    userId: number;
    actionTypes: { choosable: ActionType; shipOnly: ActionType };
    createdAt: string;
  },
): Promise<WonLots> {
  await lotItemsInsert(tx, {
    packId: args.packId,
    first: args.first,
    end: args.first + args.count,
    purchaseId: args.purchaseId,
    userId: args.userId,
    choosable: args.actionTypes.choosable,
    shipOnly: args.actionTypes.shipOnly,
    createdAt: args.createdAt,
  });
  const lists = (await purchaseItemLists(tx, { purchaseId: args.purchaseId })).rows[0];
  return {
    ids: numbers(lists?.ids ?? null),
    positions: numbers(lists?.positions ?? null),
    prizeIds: numbers(lists?.prize_ids ?? null),
  };
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

export interface NewWonItem {
  purchase_id: number;
  user_id: number;
  pack_id: number;
  prize_id: number;
  card_id: number;
  position: number | null;
  is_last_one: number;
  action_type: '0' | '2';
  buy_point: number;
  status: 'unselected';
  created_at: string;
}

/** Inserts won items in chunks (15 columns × 500 rows stays under every engine's parameter limit). */
export async function insertWonItems(tx: Executor, rows: readonly NewWonItem[]) {
  const out: { id: number; position: number | null; prize_id: number }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const r = await tx
      .insertInto('won_items')
      .values(rows.slice(i, i + 500))
      .returning(['id', 'position', 'prize_id'])
      .execute();
    out.push(...r);
  }
  return out;
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
