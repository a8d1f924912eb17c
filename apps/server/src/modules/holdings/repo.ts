import { sql, type Transaction } from 'kysely';
import type { ActionType, HistoryMode } from '@gacha/contract/draws';
import { countRows } from '../../db/count.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database, WonItemStatus } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

/** Won items with their card, in the order they were drawn (the last-one prize last). */
function itemCardsQuery(ex: Executor) {
  return ex
    .selectFrom('won_items as w')
    .innerJoin('cards as c', 'c.id', 'w.card_id')
    .innerJoin('pack_prizes as pp', 'pp.id', 'w.prize_id')
    .leftJoin('shipments as s', 's.id', 'w.shipment_id')
    .select([
      'w.id',
      'w.purchase_id',
      'w.action_type',
      'w.buy_point',
      'w.status',
      'w.is_last_one',
      'w.position',
      'pp.num',
      'c.rarity',
      'c.rarity_label',
      'c.image_url',
      'c.name_en',
      'c.name_ja',
      'c.model_number',
      's.delivery_code',
    ])
    .orderBy('w.is_last_one')
    .orderBy('w.position')
    .orderBy('w.id');
}

/**
 * Locks the member's row for the rest of the transaction (PostgreSQL `FOR UPDATE`; SQLite runs one
 * transaction at a time anyway). Every transaction that changes a member's won items or balances takes this
 * lock first, so they queue per member in one order and cannot deadlock each other.
 */
export async function lockMember(tx: Executor, userId: number) {
  return tx
    .selectFrom('users')
    .select(['id', 'country_id', 'suspended_at'])
    .where('id', '=', userId)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function ownedItems(tx: Executor, userId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  return tx
    .selectFrom('won_items')
    .select(['id', 'status', 'action_type', 'buy_point'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * The guarded transition: only items still 'unselected' move. Answers the ids (and conversion values) that
 * this statement moved, so a caller can tell whether another writer got there first.
 */
export async function moveUnselected(
  tx: Executor,
  args: {
    userId?: number;
    ids: readonly number[];
    to: Extract<WonItemStatus, 'ship' | 'convert'>;
    by: 'member' | 'sweep';
  },
  now: Date,
) {
  if (!args.ids.length) return [];
  return tx
    .updateTable('won_items')
    .set({ status: args.to, decided_at: now.toISOString(), decided_by: args.by })
    .where('id', 'in', args.ids)
    .where('status', '=', 'unselected')
    .$if(args.userId !== undefined, (q) => q.where('user_id', '=', args.userId!))
    .$if(args.to === 'convert', (q) => q.where('action_type', '=', '0'))
    .returning(['id', 'buy_point'])
    .execute();
}

export async function attachToShipment(tx: Executor, ids: readonly number[], shipmentId: number) {
  if (!ids.length) return;
  await tx.updateTable('won_items').set({ shipment_id: shipmentId }).where('id', 'in', ids).execute();
}

const MODE_STATUS: Record<Exclude<HistoryMode, 'all'>, WonItemStatus> = {
  unselected: 'unselected',
  ship: 'ship',
  shipped: 'shipped',
  convert: 'convert',
};

/** The member's purchases, optionally those holding an item in a given state. */
function purchasesQuery(ex: Executor, userId: number, mode: HistoryMode) {
  return ex
    .selectFrom('pack_purchases as p')
    .where('p.user_id', '=', userId)
    .$if(mode !== 'all', (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('won_items as w')
            .select('w.id')
            .whereRef('w.purchase_id', '=', 'p.id')
            .where('w.status', '=', MODE_STATUS[mode as Exclude<HistoryMode, 'all'>]),
        ),
      ),
    );
}

/** A purchase's won items with their card and shipment, in the order they were drawn. */
export function purchaseItemCards(ex: Executor, purchaseId: number) {
  return itemCardsQuery(ex).where('w.purchase_id', '=', purchaseId).execute();
}
export type ItemCardRow = Awaited<ReturnType<typeof purchaseItemCards>>[number];

export function countPurchases(ex: Executor, userId: number, mode: HistoryMode): Promise<number> {
  return countRows(purchasesQuery(ex, userId, mode));
}

/** One page of the member's purchases with their pack's names, newest first. */
export function purchasePage(
  ex: Executor,
  userId: number,
  mode: HistoryMode,
  page: { limit: number; offset: number },
) {
  return purchasesQuery(ex, userId, mode)
    .innerJoin('packs as k', 'k.id', 'p.pack_id')
    .select([
      'p.id',
      'p.created_at',
      'p.pack_id',
      'p.price_paid',
      'p.currency',
      'p.count',
      'k.name_en',
      'k.name_ja',
    ])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function statusCounts(ex: Executor, purchaseIds: readonly number[]) {
  if (!purchaseIds.length) return new Map<number, Record<WonItemStatus, number>>();
  const rows = await ex
    .selectFrom('won_items')
    .select((eb) => ['purchase_id', 'status', eb.fn.countAll<number>().as('n')])
    .where('purchase_id', 'in', purchaseIds)
    .groupBy(['purchase_id', 'status'])
    .execute();
  const out = new Map<number, Record<WonItemStatus, number>>();
  for (const r of rows) {
    const m = out.get(r.purchase_id) ?? { unselected: 0, ship: 0, shipped: 0, convert: 0 };
    m[r.status] = Number(r.n);
    out.set(r.purchase_id, m);
  }
  return out;
}

// --- the won items of a purchase (the draws module's purchase: prepared, set-based) ---

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
 * One won item per lot of the purchase's range (claimed by the packs module's claimLots) in a single set-based
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

/** Whether the member has an item still to decide or to ship. */
export async function hasOpenItem(ex: Executor, userId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('won_items')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['unselected', 'ship'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Items still 'unselected' that were won at or before `cutoff`, `limit` by id after `afterId`. */
export function undecidedBefore(ex: Executor, args: { cutoff: string; afterId: number; limit: number }) {
  return ex
    .selectFrom('won_items')
    .select(['id', 'user_id', 'action_type'])
    .where('status', '=', 'unselected')
    .where('created_at', '<=', args.cutoff)
    .where('id', '>', args.afterId)
    .orderBy('id')
    .limit(args.limit)
    .execute();
}

/** One purchase of the member's, with its pack's names; undefined for another member's. */
export function findMemberPurchase(ex: Executor, userId: number, purchaseId: number) {
  return ex
    .selectFrom('pack_purchases as p')
    .innerJoin('packs as k', 'k.id', 'p.pack_id')
    .select(['p.id', 'p.created_at', 'p.pack_id', 'k.name_en', 'k.name_ja'])
    .where('p.id', '=', purchaseId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
}

/** The items of a batch waiting to ship turn 'shipped'; answers how many. */
export async function shipBatchItems(tx: Executor, shipmentId: number): Promise<number> {
  const r = await tx
    .updateTable('won_items')
    .set({ status: 'shipped' })
    .where('shipment_id', '=', shipmentId)
    .where('status', '=', 'ship')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
