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
  /** PostgreSQL: connections in the pool (DB_POOL_MAX; 10). */
  poolMax?: number;
  /** PostgreSQL: statement_timeout of every connection, ms (DB_STATEMENT_TIMEOUT_MS; none when unset or 0). */
  statementTimeoutMs?: number;
}

/**
 * Opens the database: PostgreSQL for postgres:// URLs, otherwise an SQLite file (or ':memory:') through the
 * SQLite engine package (packages/sqlite-engine: group commit, WAL checkpoints, the write worker).
 */
export function openDb(url: string, opts: OpenDbOptions = {}): Db {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: withUserName(url),
      max: opts.poolMax ?? 10,
      // sent with each connection's startup (a URL's own `options` would replace an `options` set here)
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      // integers (COUNT, SUM) come back as JS numbers; values stay well below 2^53
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
      } as pg.CustomTypesConfig,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  return openSqliteKysely<Database>(url, opts.writeWorker ? { writeWorker: opts.writeWorker } : {});
}

const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool of a PostgreSQL handle (pool gauges, LISTEN connections, pg-boss); undefined on SQLite. */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
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
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Before any migration ran, Kysely looks for its tables by reading the whole catalog; on PostgreSQL another
    // session dropping a schema or table meanwhile (the test files' schemas, parallel catalog scans) fails that
    // read with "does not exist". Nothing was changed then: look again.
    const code = (error as { code?: string } | undefined)?.code;
    if (!failed && (code === '3F000' || code === '42P01') && attempt < 5) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
