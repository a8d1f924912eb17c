import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The console's members and dashboard:
 * - users.suspended_at / suspended_reason: a suspended member cannot sign in or move value (null = active);
 * - sessions.last_seen_at: when the session was last used (refreshed at most every few minutes), for staff;
 * - one staff grant or deduction per request id: a unique reference among the ledgers' staff rows, so a retried
 *   request changes nothing;
 * - the dashboard's time ranges: payments by settlement, pack purchases and coin ledger rows by time;
 * - the members' search by phone number (equality and prefix).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();

  const staffRows = sql<boolean>`reason in ('admin', 'admin_deduction')`;
  await db.schema
    .createIndex('gem_ledger_staff_request')
    .on('gem_ledger')
    .column('reference')
    .unique()
    .where(staffRows)
    .execute();
  await db.schema
    .createIndex('coin_ledger_staff_request')
    .on('coin_ledger')
    .column('reference')
    .unique()
    .where(staffRows)
    .execute();

  await db.schema.createIndex('payments_settled').on('payments').columns(['status', 'settled_at']).execute();
  await db.schema.createIndex('pack_purchases_created').on('pack_purchases').column('created_at').execute();
  await db.schema.createIndex('coin_ledger_created').on('coin_ledger').column('created_at').execute();
  await db.schema.createIndex('users_tel').on('users').column('tel').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'users_tel',
    'coin_ledger_created',
    'pack_purchases_created',
    'payments_settled',
    'coin_ledger_staff_request',
    'gem_ledger_staff_request',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('users').dropColumn('suspended_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
