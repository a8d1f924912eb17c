import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { openSqlite } from './connection.ts';
import { GroupCommitSqliteDialect } from './group-commit-dialect.ts';
import { startWriteWorker, type WriteWorkerOptions } from './write-worker/client.ts';

export interface OpenSqliteOptions {
  /**
   * Run the procedures (procedures.ts) on a worker thread with a connection of its own to the same file (not
   * for ':memory:'). Without it they run on this connection.
   */
  writeWorker?: WriteWorkerOptions;
  /** This is a second connection of the process (the write worker's own): the first one checkpoints the WAL. */
  checkpointedElsewhere?: boolean;
}

/**
 * A Kysely handle on an SQLite file (or ':memory:'): better-sqlite3 with reused statements and WAL checkpoints
 * on a thread of their own (connection.ts), transactions run one after the other and committed in groups
 * (group-commit-dialect.ts), and optionally the write worker. The caller's code sees a plain Kysely handle.
 */
export function openSqliteKysely<DB>(url: string, opts: OpenSqliteOptions = {}): Kysely<DB> {
  if (url !== ':memory:') mkdirSync(dirname(resolve(url)), { recursive: true });
  const connection = openSqlite(url, { checkpointedElsewhere: opts.checkpointedElsewhere ?? false });
  const dialect = new GroupCommitSqliteDialect(connection);
  connection.lendWriteLockWith((truncate) => dialect.lendWriteLock(truncate));
  const db = new Kysely<DB>({ dialect });
  if (opts.writeWorker && url !== ':memory:') startWriteWorker(db, dialect, url, opts.writeWorker);
  return db;
}
