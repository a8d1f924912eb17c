import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Draws, won items and shipping batches (DOMAIN.md: Packs and lots, Won items).
 *
 * - `pack_lots`: the shuffled lot sequence fixed when a pack is published; position p is sold to the purchase
 *   that claimed it (`packs.sold_count` is the claim counter).
 * - `pack_purchases`: one row per buy request, owning the range [first_position, first_position + count).
 * - `won_items`: one row per lot won (plus the last-one prize); its id is the spec's `history_id`. A unique
 *   (pack_id, position) index makes "no lot sold twice" a database fact, not only a code path.
 * - `shipments`: one open batch per member at most (partial unique index), marked shipped with a code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('pack_purchases'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('packs.id'))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 1`))
    .addColumn('first_position', 'integer', (c) => c.notNull().check(sql`first_position >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('gem', 'coin')`))
    .addColumn('base_price', 'integer', (c) => c.notNull().check(sql`base_price >= 0`))
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_paid', 'integer', (c) => c.notNull().check(sql`price_paid >= 0`))
    .addColumn('coin_earned_tenths', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pack_purchases_user')
    .on('pack_purchases')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('pack_purchases_user_pack')
    .on('pack_purchases')
    .columns(['user_id', 'pack_id'])
    .execute();
  await db.schema
    .createIndex('pack_purchases_pack_range')
    .on('pack_purchases')
    .columns(['pack_id', 'first_position'])
    .unique()
    .execute();

  await db.schema
    .createTable('pack_lots')
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('packs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('prize_id', 'integer', (c) => c.notNull().references('pack_prizes.id'))
    .addColumn('purchase_id', 'integer', (c) => c.references('pack_purchases.id'))
    .addPrimaryKeyConstraint('pack_lots_pk', ['pack_id', 'position'])
    .execute();

  await withId(db.schema.createTable('shipments'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'shipped')`))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('shipped_at', 'text')
    .execute();
  await db.schema
    .createIndex('shipments_one_open_per_user')
    .on('shipments')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('shipments_status').on('shipments').columns(['status', 'id']).execute();

  await withId(db.schema.createTable('won_items'))
    .addColumn('purchase_id', 'integer', (c) => c.notNull().references('pack_purchases.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('packs.id'))
    .addColumn('prize_id', 'integer', (c) => c.notNull().references('pack_prizes.id'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('position', 'integer') // null for the last-one prize
    .addColumn('is_last_one', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('action_type', 'text', (c) => c.notNull().check(sql`action_type in ('0', '2')`))
    .addColumn('buy_point', 'integer', (c) => c.notNull().check(sql`buy_point >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('unselected', 'ship', 'convert', 'shipped')`),
    )
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text') // 'member' | 'sweep'
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'won_items_convertible',
      sql`status <> 'convert' or action_type = '0'`, // a shipping-only item is never converted
    )
    .execute();
  await db.schema
    .createIndex('won_items_lot_once')
    .on('won_items')
    .columns(['pack_id', 'position'])
    .unique()
    .where(sql.ref('position'), 'is not', null)
    .execute();
  await db.schema.createIndex('won_items_purchase').on('won_items').columns(['purchase_id', 'id']).execute();
  await db.schema
    .createIndex('won_items_user_status')
    .on('won_items')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('won_items_status_created')
    .on('won_items')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('won_items_shipment').on('won_items').column('shipment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('won_items').execute();
  await db.schema.dropTable('shipments').execute();
  await db.schema.dropTable('pack_lots').execute();
  await db.schema.dropTable('pack_purchases').execute();
}
