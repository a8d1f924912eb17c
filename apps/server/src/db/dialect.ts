import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Lets the calling transaction's commit answer before its WAL record is flushed (PostgreSQL's `synchronous_commit`
 * off for this transaction alone; SQLite has nothing to relax). Only for a write whose loss in a crash is harmless
 * because its caller asks again (a release room's join: the pack page joins again when it reconnects): the lock it
 * holds is then released without waiting for the disk. Call it first in the transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function commitWithoutFlushWait(tx: Kysely<any>): Promise<void> {
  if (isPostgres(tx)) await sql`set local synchronous_commit = off`.execute(tx);
}
