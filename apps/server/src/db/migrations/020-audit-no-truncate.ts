import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The audit log refuses TRUNCATE as it refuses UPDATE and DELETE (migration 011's row triggers): on PostgreSQL a
 * TRUNCATE fires no row trigger, so a statement-level one stands in front of it. SQLite has no TRUNCATE; its
 * `DELETE FROM audit_log` is already refused row by row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
}
