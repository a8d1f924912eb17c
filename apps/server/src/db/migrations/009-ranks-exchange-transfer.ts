import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Ranks that move, the exchange counter and point transfer.
 *
 * - `rank_months`: the rank each member holds in a JST month, fixed by the rollover at 00:00 JST on the 1st from
 *   the month before (its spend, or the rank the member paid to keep); one row per member and month, so running
 *   the rollover twice (or in two processes) writes each row once. `users.rank` caches this month's row.
 * - `rank_rollovers`: one row per month the rollover finished, so a server that was down at midnight knows
 *   which months to catch up. The month this migration runs in is recorded as done: ranks as they are now hold.
 * - `exchange_cards`: a card offered for coins, with its stock (taken with one conditional update), an optional
 *   per-member limit and a visible window.
 * - `exchanges`: one row per card exchanged, written once; it is a shipping item of the member's shipment batch
 *   (shipped when its batch is).
 * - `partner_links`: the member's account at the partner site (its id only; credentials are never stored).
 * - `point_transfers`: recorded as pending before the partner is called, with the idempotency key the partner
 *   honours; settled to succeeded (one bonus lot, reference `transfer:{id}`) or failed.
 * - `sandbox_partner_accounts` / `sandbox_partner_debits`: the sandbox partner's own records (outside production).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('rank_months')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull()) // 'YYYY-MM', JST
    .addColumn('rank', 'integer', (c) => c.notNull().check(sql`rank between 1 and 5`))
    .addColumn('spend', 'integer', (c) => c.notNull()) // gems paid for gem packs in the month before
    .addColumn('how', 'text', (c) => c.notNull().check(sql`how in ('spend', 'maintained')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rank_months_pk', ['user_id', 'month'])
    .execute();
  await db.schema.createIndex('rank_months_month').on('rank_months').columns(['month', 'user_id']).execute();

  await db.schema
    .createTable('rank_rollovers')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('members', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date();
  const jst = new Date(now.getTime() + 9 * 3600_000);
  const month = `${jst.getUTCFullYear()}-${String(jst.getUTCMonth() + 1).padStart(2, '0')}`;
  await db
    .insertInto('rank_rollovers')
    .values({ month, members: 0, started_at: now.toISOString(), finished_at: now.toISOString() })
    .execute();

  // purchases are summed per member and JST month by the rollover
  await db.schema
    .createIndex('pack_purchases_user_currency_created')
    .on('pack_purchases')
    .columns(['user_id', 'currency', 'created_at'])
    .execute();

  await withId(db.schema.createTable('exchange_cards'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('sub_coin', 'integer', (c) => c.notNull().check(sql`sub_coin > 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('member_limit', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`member_limit >= 0`),
    )
    .addColumn('visible_from', 'text')
    .addColumn('visible_until', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('exchanges'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('exchange_card_id', 'integer', (c) => c.notNull().references('exchange_cards.id'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('sub_coin', 'integer', (c) => c.notNull())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exchanges_user')
    .on('exchanges')
    .columns(['user_id', 'exchange_card_id'])
    .execute();
  await db.schema.createIndex('exchanges_shipment').on('exchanges').column('shipment_id').execute();

  await db.schema
    .createTable('partner_links')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('partner', 'text', (c) => c.notNull())
    .addColumn('partner_account_id', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('point_transfers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('partner', 'text', (c) => c.notNull())
    .addColumn('partner_account_id', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points > 0`))
    .addColumn('gems', 'integer', (c) => c.notNull().check(sql`gems > 0`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('partner_ref', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema
    .createIndex('point_transfers_request')
    .on('point_transfers')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('point_transfers_status')
    .on('point_transfers')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('sandbox_partner_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('login_id', 'text', (c) => c.notNull().unique())
    .addColumn('pass_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
    .execute();
  await db.schema
    .createTable('sandbox_partner_debits')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('debited', 'voided')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'sandbox_partner_debits',
    'sandbox_partner_accounts',
    'point_transfers',
    'partner_links',
    'exchanges',
    'exchange_cards',
    'rank_rollovers',
    'rank_months',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.dropIndex('pack_purchases_user_currency_created').execute();
}
