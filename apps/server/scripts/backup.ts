/**
 * Backups of the shop's database, both engines:
 *
 *   npx tsx apps/server/scripts/backup.ts create <file>    a consistent copy while the server runs
 *   npx tsx apps/server/scripts/backup.ts restore <file>   puts a copy back (stop the server first)
 *   npx tsx apps/server/scripts/backup.ts verify           whether the ledgers of DATABASE_URL add up
 *
 * SQLite: `VACUUM INTO` on a read-only connection of its own: one read transaction, so the copy is the database
 * at one instant (WAL mode lets the server go on writing meanwhile), compacted, without the WAL. Restoring copies
 * it over the database file and removes the old file's -wal and -shm (a stale WAL would be replayed onto the
 * restored file).
 * PostgreSQL: `pg_dump --format=custom` (the schema named by the URL's search_path, else the whole database,
 * pg-boss's schema included) and `pg_restore --clean --if-exists --no-owner --single-transaction`. pg_dump must be
 * at least the server's major version: `create` refuses an older one and says which to install.
 * Both print JSON; `restore` and `verify` end with the ledger check (db/ledger-check.ts) and exit 1 when it finds
 * a problem.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../src/config.ts';
import { isPostgresUrl, openDb } from '../src/db/index.ts';
import { checkLedgers } from '../src/db/ledger-check.ts';
import { processIo, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = 'usage: backup.ts create <file> | restore <file> | verify';
const run = promisify(execFile);

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [verb, file, ...rest] = argv;
  if (rest.length || !['create', 'restore', 'verify'].includes(verb ?? '')) return usageError(io, USAGE);
  if (verb !== 'verify' && !file) return usageError(io, USAGE);
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const pg = isPostgresUrl(config.databaseUrl);
  try {
    let answer: Record<string, unknown>;
    if (verb === 'create') answer = pg ? await pgDump(config, file!, io) : sqliteBackup(config, file!);
    else if (verb === 'restore')
      answer = pg ? await pgRestore(config, file!, io) : sqliteRestore(config, file!);
    else answer = {};
    if (verb !== 'create') {
      const check = await ledgers(config);
      answer = { ...answer, ...check };
      io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      return check.problems.length ? 1 : 0;
    }
    io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  } catch (err) {
    io.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

async function ledgers(config: Config) {
  const db = openDb(config.databaseUrl);
  try {
    return await checkLedgers(db);
  } finally {
    await db.destroy();
  }
}

function sqliteBackup(config: Config, file: string) {
  if (existsSync(file)) throw new Error(`${file} exists: give a new file name`);
  const t0 = Date.now();
  const src = new Database(config.databaseUrl, { readonly: true, fileMustExist: true });
  try {
    src.prepare('VACUUM INTO ?').run(file);
  } finally {
    src.close();
  }
  return { engine: 'sqlite', method: 'VACUUM INTO', file, bytes: statSync(file).size, ms: Date.now() - t0 };
}

function sqliteRestore(config: Config, file: string) {
  const target = config.databaseUrl;
  const check = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const ok = check.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new Error(`${file} is damaged: ${String(ok)}`);
  } finally {
    check.close();
  }
  const tmp = `${target}.restoring`;
  copyFileSync(file, tmp);
  for (const extra of ['-wal', '-shm']) rmSync(`${target}${extra}`, { force: true });
  renameSync(tmp, target);
  return { engine: 'sqlite', restored: target, from: file };
}

/** libpq's view of DATABASE_URL: the URL, the schema its search_path names, the environment for pg_dump. */
function pgTarget(config: Config) {
  const url = new URL(config.databaseUrl);
  const options = url.searchParams.get('options') ?? '';
  const schema = /search_path=([A-Za-z0-9_]+)/.exec(options)?.[1];
  const env = { ...process.env, PGUSER: process.env.PGUSER ?? (url.username || userInfo().username) };
  // libpq reads %20, not +, as a space in the query
  if (options) url.searchParams.delete('options');
  const libpqUrl = options
    ? `${url.toString()}${url.search ? '&' : '?'}options=${encodeURIComponent(options)}`
    : config.databaseUrl;
  return { url: libpqUrl, schema, env };
}

async function versions(config: Config, io: CommandIo) {
  const { stdout } = await run('pg_dump', ['--version']);
  const client = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
  const db = openDb(config.databaseUrl);
  try {
    const r = await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(db);
    const server = Math.floor(Number(r.rows[0]!.v) / 10_000);
    if (client < server)
      throw new Error(
        `pg_dump ${client} is older than the server (PostgreSQL ${server}) and cannot dump it: install postgresql-client-${server}`,
      );
    if (client !== server) io.stderr.write(`note: pg_dump ${client} against PostgreSQL ${server}\n`);
    return { pgDump: stdout.trim(), serverMajor: server };
  } finally {
    await db.destroy();
  }
}

async function pgDump(config: Config, file: string, io: CommandIo) {
  if (existsSync(file)) throw new Error(`${file} exists: give a new file name`);
  const v = await versions(config, io);
  const { url, schema, env } = pgTarget(config);
  const t0 = Date.now();
  await run(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      ...(schema ? [`--schema=${schema}`] : []),
      `--file=${file}`,
      `--dbname=${url}`,
    ],
    {
      env,
    },
  );
  return {
    engine: 'postgres',
    method: 'pg_dump --format=custom',
    schema: schema ?? '(all)',
    file,
    bytes: statSync(file).size,
    ms: Date.now() - t0,
    ...v,
  };
}

async function pgRestore(config: Config, file: string, io: CommandIo) {
  const { url, env } = pgTarget(config);
  const t0 = Date.now();
  const r = await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${url}`,
      file,
    ],
    { env },
  );
  if (r.stderr) io.stderr.write(r.stderr);
  return {
    engine: 'postgres',
    method: 'pg_restore --clean --single-transaction',
    from: file,
    ms: Date.now() - t0,
  };
}

await runIfEntryPoint(import.meta.url, main);
