import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { userInfo } from 'node:os';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { isPostgres } from './dialect.ts';
import { openSqlite } from './sqlite.ts';
import { GroupCommitSqliteDialect } from './sqlite-driver.ts';
import type { Database } from './schema.ts';
import { startWriteWorker } from './write-worker/client.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export interface OpenDbOptions {
  /** PostgreSQL: the schema to use (one per test file). */
  pgSchema?: string;
  /**
   * SQLite file: run the write procedures (write-worker/procedures.ts, the purchase) on a worker thread with a
   * connection of its own. The server does; scripts and most tests leave it off. `extraModules`: procedure
   * modules the worker loads besides write-worker/client.ts PROCEDURE_MODULES (tests).
   */
  writeWorker?: boolean | { extraModules: string[] };
  /** The write worker's own connection (write-worker/thread.ts): the server's connection checkpoints the WAL. */
  writeWorkerThread?: boolean;
}

/** Opens the database: PostgreSQL for postgres:// URLs, otherwise an SQLite file (or ':memory:'). */
export function openDb(url: string, opts: OpenDbOptions = {}): Db {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: withUserName(url),
      max: 10,
      // integers (COUNT, SUM) come back as JS numbers; values stay well below 2^53
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
      } as pg.CustomTypesConfig,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (url !== ':memory:') mkdirSync(dirname(resolve(url)), { recursive: true });
  const connection = openSqlite(url, { checkpointedElsewhere: opts.writeWorkerThread ?? false });
  const dialect = new GroupCommitSqliteDialect(connection);
  connection.lendWriteLockWith((truncate) => dialect.lendWriteLock(truncate));
  const db = new Kysely<Database>({ dialect });
  if (opts.writeWorker && url !== ':memory:') {
    startWriteWorker(db, dialect, url, opts.writeWorker === true ? [] : opts.writeWorker.extraModules);
  }
  return db;
}

/** A URL without a user name falls back to $PGUSER/$USER, which a CI shell may leave unset. */
function withUserName(url: string): string {
  const parsed = new URL(url);
  if (parsed.username || process.env.PGUSER || process.env.USER) return url;
  parsed.username = userInfo().username;
  return parsed.toString();
}

export async function migrate(db: Db): Promise<void> {
  // On PostgreSQL the migration tables live in the current schema (one schema per test file).
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
