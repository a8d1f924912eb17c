import { isPostgres } from '../../db/dialect.ts';
import { sql, type Transaction } from 'kysely';
import type { ListParams } from '@gacha/contract/admin-list';
import type { shipmentSorts } from '@gacha/contract/admin-shipping';
import { listAll, listPage, type ListSpec } from '../../db/list-page.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { PERSONAL_DATA_COLUMNS } from '../account/service.ts';

type Executor = Db | Transaction<Database>;

/** `status = 'open'` as a literal, as the partial index shipments_one_open_per_user says. */
const OPEN = sql.lit('open' as const);

/** Adds `count` items to the member's open batch (taking its row lock); its id, or undefined when none is open. */
export async function growOpen(tx: Executor, userId: number, count: number) {
  const row = await tx
    .updateTable('shipments')
    .set((eb) => ({ item_count: eb('item_count', '+', count) }))
    .where('user_id', '=', userId)
    .where('status', '=', OPEN)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Opens an empty batch for the member; nothing when one is open already (the partial unique index). */
export async function openEmpty(tx: Executor, userId: number, now: string): Promise<void> {
  await tx
    .insertInto('shipments')
    .values({ user_id: userId, status: 'open', item_count: 0, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface BatchFilter {
  status: 'open' | 'shipped' | 'all';
  /** Batches created at or before this instant (waited at least so many days). */
  createdAtMost?: string;
  /** Batches created after this instant (waited at most so many days). */
  createdAfter?: string;
  userId?: number;
  ids?: readonly number[];
}

function batches(ex: Executor, f: BatchFilter) {
  return ex
    .selectFrom('shipments as s')
    .$if(f.status !== 'all', (q) => q.where('s.status', '=', f.status as 'open' | 'shipped'))
    .$if(f.createdAtMost !== undefined, (q) => q.where('s.created_at', '<=', f.createdAtMost!))
    .$if(f.createdAfter !== undefined, (q) => q.where('s.created_at', '>', f.createdAfter!))
    .$if(f.userId !== undefined, (q) => q.where('s.user_id', '=', f.userId!))
    .$if(f.ids !== undefined, (q) => q.where('s.id', 'in', f.ids!.length ? f.ids! : [0]));
}

function withAddress(ex: Executor, f: BatchFilter) {
  return batches(ex, f)
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('countries as c', 'c.id', 'u.country_id');
}

function addressColumns(q: ReturnType<typeof withAddress>) {
  return q
    .select([
      's.id',
      's.user_id',
      's.status',
      's.delivery_code',
      's.carrier',
      's.created_at',
      's.shipped_at',
      's.item_count',
      'c.name_en as country_name',
      'c.name_ja as country_name_ja',
      'c.code as country_code',
    ])
    .select(PERSONAL_DATA_COLUMNS.map((c) => `u.${c}` as const));
}

/** Batches with their member's name, address and tel (the personal data columns) and country, oldest first. */
export function listWithAddress(ex: Executor, f: BatchFilter & { limit: number }) {
  return addressColumns(withAddress(ex, f)).orderBy('s.id').limit(f.limit).execute();
}

/** The console's batch list: what its search finds and how it sorts. */
const batchList: ListSpec<(typeof shipmentSorts)[number]> = {
  search: ['u.last_name', 'u.first_name', 'u.mail', 'u.tel', 'u.zipcode', 's.delivery_code'],
  id: 's.id',
  sorts: { id: 's.id', shipped_at: 's.shipped_at', item_count: 's.item_count' },
  defaultSort: 'id',
  defaultDir: 'asc',
};

/** One page of the console's batch list, with each member's address. */
export function batchPage(ex: Executor, f: BatchFilter, params: ListParams) {
  return listPage(withAddress(ex, f), addressColumns, batchList, params);
}

export function batchAll(ex: Executor, f: BatchFilter, params: ListParams) {
  return listAll(withAddress(ex, f), addressColumns, batchList, params);
}

/** The won items of the given batches with their card's name, customs category and value, by item id. */
export function itemsOf(ex: Executor, shipmentIds: readonly number[]) {
  return ex
    .selectFrom('won_items as w')
    .innerJoin('cards as c', 'c.id', 'w.card_id')
    .select([
      'w.id',
      'w.shipment_id',
      'w.card_id',
      'w.status',
      'w.buy_point',
      'c.name_en',
      'c.model_number',
      'c.customs_category',
    ])
    .where('w.shipment_id', 'in', shipmentIds)
    .orderBy('w.id')
    .execute();
}

/** Marks an open batch shipped; its id and member, or undefined when it is not open (or does not exist). */
export function closeOpen(
  tx: Executor,
  shipmentId: number,
  args: { deliveryCode: string; carrier: string | null },
  now: string,
) {
  return tx
    .updateTable('shipments')
    .set({ status: 'shipped', delivery_code: args.deliveryCode, carrier: args.carrier, shipped_at: now })
    .where('id', '=', shipmentId)
    .where('status', '=', OPEN)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

/** A shipped batch's carrier and tracking code, locked for their correction (PostgreSQL). */
export function shippedTracking(tx: Executor, shipmentId: number) {
  return tx
    .selectFrom('shipments')
    .select(['id', 'user_id', 'status', 'delivery_code', 'carrier'])
    .where('id', '=', shipmentId)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function setTracking(
  tx: Executor,
  shipmentId: number,
  args: { deliveryCode: string; carrier: string | null },
): Promise<void> {
  await tx
    .updateTable('shipments')
    .set({ delivery_code: args.deliveryCode, carrier: args.carrier })
    .where('id', '=', shipmentId)
    .execute();
}

export async function exists(ex: Executor, shipmentId: number): Promise<boolean> {
  const row = await ex.selectFrom('shipments').select('id').where('id', '=', shipmentId).executeTakeFirst();
  return row !== undefined;
}

/** The cards exchanged for coins in the given batches (exchanges are written once; they ship with their batch). */
export function exchangesOf(ex: Executor, shipmentIds: readonly number[]) {
  return ex
    .selectFrom('exchanges as x')
    .innerJoin('cards as c', 'c.id', 'x.card_id')
    .select([
      'x.id',
      'x.shipment_id',
      'x.card_id',
      'c.name_en',
      'c.model_number',
      'c.customs_category',
      'c.conversion_value',
    ])
    .where('x.shipment_id', 'in', shipmentIds)
    .orderBy('x.id')
    .execute();
}

/** The state of the given batches (the CSV import checks every line before it writes). */
export function statesOf(ex: Executor, ids: readonly number[]) {
  return ex
    .selectFrom('shipments')
    .select(['id', 'status'])
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}

/** Where and in which language to tell members their batches shipped. */
export function recipientsOf(ex: Executor, userIds: readonly number[]) {
  return ex
    .selectFrom('users')
    .select(['id', 'mail', 'lang'])
    .where('id', 'in', userIds.length ? userIds : [0])
    .execute();
}
