import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AdminShipment } from '@gacha/contract/draws';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, conflict, notFound } from '../../http/api-error.ts';

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
    const open = await tx
      .updateTable('shipments')
      .set((eb) => ({ item_count: eb('item_count', '+', count) }))
      .where('user_id', '=', userId)
      .where('status', '=', sql.lit('open')) // a literal, as the partial index shipments_one_open_per_user says
      .returning('id')
      .executeTakeFirst();
    if (open) return open.id;
    await tx
      .insertInto('shipments')
      .values({ user_id: userId, status: 'open', item_count: 0, created_at: now.toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error(`could not open a shipment batch for member ${userId}`);
}

/**
 * The admin secret of the shipping routes (until the admin console exists): config.adminSecret (ADMIN_SECRET,
 * at least 16 characters, checked at start); unset refuses every call.
 */
export function adminSecretValid(given: unknown, secret: string | null): boolean {
  if (!secret || secret.length < 16 || typeof given !== 'string' || !given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

export function assertAdmin(given: unknown, secret: string | null): void {
  if (!adminSecretValid(given, secret)) throw new ApiError(403, { message: 'admin_forbidden' });
}

/** Batches with their member's address and items, oldest first. */
export async function listShipments(
  db: Executor,
  opts: { status?: 'open' | 'shipped' | 'all'; limit?: number } = {},
): Promise<AdminShipment[]> {
  const status = opts.status ?? 'open';
  const rows = await db
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
      'u.last_name',
      'u.middle_name',
      'u.first_name',
      'u.country_id',
      'u.zipcode',
      'u.pref_text',
      'u.shiku',
      'u.address',
      'u.building',
      'u.tel',
    ])
    .$if(status !== 'all', (q) => q.where('s.status', '=', status as 'open' | 'shipped'))
    .orderBy('s.id')
    .limit(opts.limit ?? 500)
    .execute();
  if (!rows.length) return [];
  const items = await db
    .selectFrom('won_items as w')
    .innerJoin('cards as c', 'c.id', 'w.card_id')
    .select(['w.id', 'w.shipment_id', 'w.card_id', 'w.status', 'c.name_en', 'c.model_number'])
    .where(
      'w.shipment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('w.id')
    .execute();
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
    items: items
      .filter((i) => i.shipment_id === r.id)
      .map((i) => ({
        history_id: i.id,
        card_id: i.card_id,
        name: i.name_en,
        model_number: i.model_number,
        status: i.status,
      })),
  }));
}

/**
 * Marks an open batch shipped with its delivery code and turns its items 'shipped', in one transaction.
 * The conditional `WHERE status = 'open'` makes a repeat (or a race of two clerks) a 409 with no second effect.
 */
export async function markShipped(
  db: Db,
  args: { shipmentId: number; deliveryCode: string },
  now: Date,
): Promise<{ id: number; user_id: number; items: number; delivery_code: string }> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('shipments')
      .set({ status: 'shipped', delivery_code: args.deliveryCode, shipped_at: now.toISOString() })
      .where('id', '=', args.shipmentId)
      .where('status', '=', sql.lit('open')) // a literal, as the partial index shipments_one_open_per_user says
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!row) {
      const exists = await tx
        .selectFrom('shipments')
        .select('id')
        .where('id', '=', args.shipmentId)
        .executeTakeFirst();
      if (!exists) throw notFound();
      throw conflict('shipment', 'shipment_already_shipped');
    }
    const r = await tx
      .updateTable('won_items')
      .set({ status: 'shipped' })
      .where('shipment_id', '=', row.id)
      .where('status', '=', 'ship')
      .executeTakeFirst();
    return {
      id: row.id,
      user_id: row.user_id,
      items: Number(r.numUpdatedRows),
      delivery_code: args.deliveryCode,
    };
  });
}
