import { userInfo } from 'node:os';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { isPostgres } from './dialect.ts';
import { openSqliteKysely } from '@gacha/sqlite-engine/open';
import type { WriteWorkerOptions } from '@gacha/sqlite-engine/write-worker/client';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export interface OpenDbOptions {
  /** PostgreSQL: the schema to use (one per test file). */
  pgSchema?: string;
  /**
   * SQLite file: run the procedures (db/procedures.ts) on a worker thread with a connection of its own. The
   * server does (modules/index.ts names the modules that define them); scripts and most tests leave it off.
   * PostgreSQL runs them in the caller's thread.
   */
  writeWorker?: WriteWorkerOptions;
}

/**
 * Opens the database: PostgreSQL for postgres:// URLs, otherwise an SQLite file (or ':memory:') through the
 * SQLite engine package (packages/sqlite-engine: group commit, WAL checkpoints, the write worker).
 */
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
  return openSqliteKysely<Database>(url, opts.writeWorker ? { writeWorker: opts.writeWorker } : {});
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
