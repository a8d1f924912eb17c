import type { Transaction } from 'kysely';
import type { AdminShipment } from '@gacha/contract/draws';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/api-error.ts';
import * as repo from './repo.ts';

type Executor = Db | Transaction<Database>;

/**
 * Shipping batches (DOMAIN.md Won items): every item a member chooses to ship joins the member's one open
 * batch; the shop marks a batch shipped with a delivery code, which turns its items 'shipped'.
 */

/**
 * Adds `count` items to the member's open batch, creating it if there is none, and answers its id.
 *
 * The increment `UPDATE … WHERE status = 'open'` takes the batch's row lock, so a concurrent "mark shipped"
 * either waits for this transaction (and then ships these items too) or has already shipped the batch, in
 * which case the update finds no open row and a new batch is opened (the partial unique index
 * `shipments_one_open_per_user` keeps it to one open batch per member).
 */
export async function joinOpenShipment(
  tx: Executor,
  userId: number,
  count: number,
  now: Date,
): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await repo.growOpen(tx, userId, count);
    if (open !== undefined) return open;
    await repo.openEmpty(tx, userId, now.toISOString());
  }
  throw new Error(`could not open a shipment batch for member ${userId}`);
}

/** Batches with their member's address and items, oldest first. */
export async function listShipments(
  db: Executor,
  opts: { status?: 'open' | 'shipped' | 'all'; limit?: number } = {},
): Promise<AdminShipment[]> {
  const rows = await repo.listWithAddress(db, { status: opts.status ?? 'open', limit: opts.limit ?? 500 });
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, exchanged] = await Promise.all([repo.itemsOf(db, ids), repo.exchangesOf(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    status: r.status,
    delivery_code: r.delivery_code,
    created_at: r.created_at,
    shipped_at: r.shipped_at,
    item_count: r.item_count,
    address: {
      name: [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' '),
      country_id: r.country_id,
      zipcode: r.zipcode,
      state: r.pref_text,
      city: r.shiku,
      address: r.address,
      building: r.building,
      tel: r.tel,
    },
    items: [
      ...items
        .filter((i) => i.shipment_id === r.id)
        .map((i) => ({
          history_id: i.id,
          exchange_id: null,
          card_id: i.card_id,
          name: i.name_en,
          model_number: i.model_number,
          status: i.status,
        })),
      ...exchanged
        .filter((x) => x.shipment_id === r.id)
        .map((x) => ({
          history_id: null,
          exchange_id: x.id,
          card_id: x.card_id,
          name: x.name_en,
          model_number: x.model_number,
          status: r.status === 'shipped' ? ('shipped' as const) : ('ship' as const),
        })),
    ],
  }));
}

/**
 * Closes an open batch: shipped, with its delivery code. The conditional `WHERE status = 'open'` makes a repeat
 * (or a race of two clerks) a 409; an unknown batch is a 404. Call inside the transaction that ships its items
 * (holdings' markShipped).
 */
export async function closeShipment(
  tx: Transaction<Database>,
  args: { shipmentId: number; deliveryCode: string },
  now: Date,
): Promise<{ id: number; user_id: number }> {
  const row = await repo.closeOpen(tx, args.shipmentId, args.deliveryCode, now.toISOString());
  if (row) return row;
  if (!(await repo.exists(tx, args.shipmentId))) throw notFound();
  throw conflict('shipment', 'shipment_already_shipped');
}
