import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The console's payments and shipping:
 *
 * - `payment_refunds`: the one refund of a payment (primary key payment_id: a replayed refund, two staff at once
 *   or the provider's own refund notification all meet this row). It keeps the terms' arithmetic as it was when
 *   the refund was made — gems bought, the unspent part taken back, the spent part, the yen refunded — and the
 *   provider's side: its refund id, status, the attempt (a new idempotency key after a refused attempt).
 * - `payment_matches`: a pending bank transfer matched by hand to its member and amount (primary key
 *   payment_id), written in the transaction that credits the payment.
 * - `sandbox_refunds` and `sandbox_payments.refunded_amount`: the sandbox provider's own books of refunds.
 * - `shipments.carrier`: who carries a shipped batch (its tracking code is `delivery_code`).
 * - `payments_created`: the staff list of payments filters by creation time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('payment_refunds'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reason_kind', 'text', (c) =>
      c.notNull().check(sql`reason_kind in ('company_fault', 'legal_unused', 'provider')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('gems', 'integer', (c) => c.notNull())
    .addColumn('gems_reclaimed', 'integer', (c) => c.notNull().check(sql`gems_reclaimed >= 0`))
    .addColumn('gems_spent', 'integer', (c) => c.notNull().check(sql`gems_spent >= 0`))
    .addColumn('amount_yen', 'integer', (c) => c.notNull().check(sql`amount_yen >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('requested', 'pending', 'succeeded', 'failed', 'manual')`),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_refund_ref', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema
    .createIndex('payment_refunds_provider_ref')
    .on('payment_refunds')
    .columns(['provider', 'provider_refund_ref'])
    .where(sql.ref('provider_refund_ref'), 'is not', null)
    .execute();

  await db.schema
    .createTable('payment_matches')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('payments.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_yen', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('sandbox_payments')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('sandbox_payments.id'))
    .addColumn('merchant_refund_id', 'text', (c) => c.unique())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('succeeded', 'failed')`))
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('shipments').addColumn('carrier', 'text').execute();
  await db.schema.createIndex('payments_created').on('payments').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_created').execute();
  await db.schema.alterTable('shipments').dropColumn('carrier').execute();
  await db.schema.dropTable('sandbox_refunds').execute();
  await db.schema.alterTable('sandbox_payments').dropColumn('refunded_amount').execute();
  await db.schema.dropTable('payment_matches').execute();
  await db.schema.dropIndex('payment_refunds_provider_ref').execute();
  await db.schema.dropTable('payment_refunds').execute();
}
