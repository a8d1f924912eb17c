import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Gem purchase (DOMAIN.md: Payments, Gems).
 *
 * - `payments`: one row per payment intent. The amount and gems are copied from the point price row when the
 *   intent is made (never from the client); 300 ≤ gems ≤ 50,000 is also a CHECK. Status moves
 *   pending → succeeded | failed | canceled | expired with conditional updates only.
 * - `payment_credits`: the one credit of an intent (primary key payment_id) — the uniqueness that makes a
 *   replayed notification, a reloaded return page or a race credit once.
 * - `payment_events`: provider notifications received (unique per provider event id), for audit.
 * - `point_price_unlocks`: hidden (coupon_only) courses a member unlocked (coupons call unlockPointPrice).
 * - `free_grants`: the free grant of a rate "100" course, once per member and course.
 * - `payment_customers`: a member's customer id at a provider (Stripe bank transfers need one).
 * - `sandbox_*`: the built-in sandbox provider's own state (it plays an external system).
 * - `gem_lots_expiring`: the lot expiry sweep's index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('payments'))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('point_price_id', 'integer', (c) => c.notNull().references('point_prices.id'))
    .addColumn('pay_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_yen', 'integer', (c) => c.notNull().check(sql`amount_yen > 0`))
    .addColumn('gems', 'integer', (c) => c.notNull().check(sql`gems >= 300 and gems <= 50000`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'canceled', 'expired')`),
    )
    .addColumn('provider_ref', 'text')
    .addColumn('pack_id', 'integer')
    .addColumn('holder_name', 'text')
    .addColumn('combini_code', 'text')
    .addColumn('receipt_number', 'text')
    .addColumn('payment_url', 'text')
    .addColumn('detail', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('payments_user').on('payments').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('payments_pending_expiry')
    .on('payments')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('payments_provider_ref')
    .on('payments')
    .columns(['provider', 'provider_ref'])
    .unique()
    .where(sql.ref('provider_ref'), 'is not', null)
    .execute();

  await db.schema
    .createTable('payment_credits')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('payments.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('gems', 'integer', (c) => c.notNull())
    .addColumn('lot_id', 'integer', (c) => c.notNull().references('gem_lots.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('payment_events'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_events_once', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('point_price_unlocks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('point_price_id', 'integer', (c) => c.notNull().references('point_prices.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('point_price_unlocks_pk', ['user_id', 'point_price_id'])
    .execute();

  await db.schema
    .createTable('free_grants')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('point_price_id', 'integer', (c) => c.notNull().references('point_prices.id'))
    .addColumn('gems', 'integer', (c) => c.notNull())
    .addColumn('lot_id', 'integer', (c) => c.notNull().references('gem_lots.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('free_grants_pk', ['user_id', 'point_price_id'])
    .execute();

  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_customers_pk', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('sandbox_card_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('masked', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('success', 'declined', '3ds')`))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text')
    .addColumn('merchant_reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('requires_action', 'pending', 'succeeded', 'failed', 'expired', 'canceled')`),
    )
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('receipt_number', 'text')
    .addColumn('account_number', 'text')
    .addColumn('holder_name', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('gem_lots_expiring')
    .on('gem_lots')
    .columns(['expires_at', 'id'])
    .where(sql.ref('remaining'), '>', 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gem_lots_expiring').execute();
  for (const t of [
    'sandbox_payments',
    'sandbox_card_tokens',
    'payment_customers',
    'free_grants',
    'point_price_unlocks',
    'payment_events',
    'payment_credits',
    'payments',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
