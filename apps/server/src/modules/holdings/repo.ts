import type { Transaction } from 'kysely';
import type { HistoryMode, ItemStatus, SendState } from '@gacha/contract/draws';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { Database, WonItemStatus } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

export const SEND_STATE: Record<ItemStatus, SendState> = {
  unselected: 'unselected',
  ship: 'not_yet_shipped',
  shipped: 'shipped',
  convert: 'no_shipment',
};

/** Won items with their card, in the order they were drawn (the last-one prize last). */
export function itemCardsQuery(ex: Executor) {
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
    .select(['id', 'country_id'])
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

/** The member's purchases, newest first, optionally those holding an item in a given state. */
export function purchasesQuery(ex: Executor, userId: number, mode: HistoryMode) {
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

/** The shipping state a purchase shows: the least advanced state among its items. */
export function purchaseSendState(c: Record<WonItemStatus, number> | undefined): SendState {
  if (!c) return 'no_shipment';
  if (c.unselected) return 'unselected';
  if (c.ship) return 'not_yet_shipped';
  if (c.shipped) return 'shipped';
  return 'no_shipment';
}
