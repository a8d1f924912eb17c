import { sql, type Transaction } from 'kysely';
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

/** Batches with their member's name, address and tel (the personal data columns), oldest first. */
export function listWithAddress(ex: Executor, opts: { status: 'open' | 'shipped' | 'all'; limit: number }) {
  return ex
    .selectFrom('shipments as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.status',
      's.delivery_code',
      's.created_at',
      's.shipped_at',
      's.item_count',
    ])
    .select(PERSONAL_DATA_COLUMNS.map((c) => `u.${c}` as const))
    .$if(opts.status !== 'all', (q) => q.where('s.status', '=', opts.status as 'open' | 'shipped'))
    .orderBy('s.id')
    .limit(opts.limit)
    .execute();
}

/** The won items of the given batches with their card's name, by item id. */
export function itemsOf(ex: Executor, shipmentIds: readonly number[]) {
  return ex
    .selectFrom('won_items as w')
    .innerJoin('cards as c', 'c.id', 'w.card_id')
    .select(['w.id', 'w.shipment_id', 'w.card_id', 'w.status', 'c.name_en', 'c.model_number'])
    .where('w.shipment_id', 'in', shipmentIds)
    .orderBy('w.id')
    .execute();
}

/** Marks an open batch shipped; its id and member, or undefined when it is not open (or does not exist). */
export function closeOpen(tx: Executor, shipmentId: number, deliveryCode: string, now: string) {
  return tx
    .updateTable('shipments')
    .set({ status: 'shipped', delivery_code: deliveryCode, shipped_at: now })
    .where('id', '=', shipmentId)
    .where('status', '=', OPEN)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
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
    .select(['x.id', 'x.shipment_id', 'x.card_id', 'c.name_en', 'c.model_number'])
    .where('x.shipment_id', 'in', shipmentIds)
    .orderBy('x.id')
    .execute();
}
