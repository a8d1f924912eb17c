/**
 * The shop as the process benches (storm, room) run it: the production build in processes of its own, on a
 * database of its own (a fresh PostgreSQL schema, or a SQLite file), with funded members signed in.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { isPostgresUrl, openDb, type Db } from '../apps/server/src/db/index.ts';
import type { RawPool } from './raw-http.ts';

/** Extra node options for the server processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const NODE_ARGS = (process.env.STORM_NODE_ARGS ?? '').split(' ').filter(Boolean);
export const PG_URL = isPostgresUrl(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL!
  : 'postgres://127.0.0.1:5432/test';
const root = resolve(import.meta.dirname, '..');

/**
 * The server as production runs it: the build (apps/server/dist, built once per run by its own script, about a
 * second); STORM_RUNTIME=tsx runs the TypeScript sources through tsx instead.
 */
export const SERVER =
  process.env.STORM_RUNTIME === 'tsx'
    ? {
        main: resolve(root, 'apps/server/src/main.ts'),
        primary: resolve(root, 'apps/server/src/cluster/primary.ts'),
      }
    : {
        main: resolve(root, 'apps/server/dist/main.js'),
        primary: resolve(root, 'apps/server/dist/primary.js'),
      };
let built = process.env.STORM_RUNTIME === 'tsx';
export function buildServer() {
  if (built) return;
  execFileSync(process.execPath, [resolve(root, 'apps/server/scripts/build.mjs')], { stdio: 'inherit' });
  built = true;
}

/**
 * A database of the bench's own: a fresh PostgreSQL schema (`pg`), else a SQLite file in a temporary directory;
 * the environment a server process needs to use it, and its removal.
 */
export async function benchDatabase(pg: boolean) {
  let db: Db;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (pg) {
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    const admin = openDb(PG_URL);
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    db = openDb(PG_URL, { pgSchema: schema });
    const base = new URL(PG_URL);
    const url = `${base.toString()}${base.search ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    env = {
      DATABASE_URL: url,
      PGBOSS_SCHEMA: `${schema}_boss`,
      REDIS_URL: process.env.REDIS_URL ?? '',
      DB_POOL_MAX: process.env.DB_POOL_MAX ?? '10',
    };
    cleanup = async () => {
      await db.destroy();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await sql`drop schema if exists ${sql.id(`${schema}_boss`)} cascade`.execute(admin);
      await admin.destroy();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-bench-'));
    const file = join(dir, 'shop.sqlite');
    db = openDb(file);
    env = { DATABASE_URL: file };
    cleanup = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  return { db, env, cleanup };
}

export async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** Members with a balance and a live session, in batches (argon2 is not what this measures). */
export async function fundedMembers(db: Db, n: number, gems: number): Promise<string[]> {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const cookies: string[] = [];
  for (let i = 0; i < n; i += 250) {
    const size = Math.min(250, n - i);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, k) => {
          const tag = randomBytes(6).toString('hex');
          return {
            mail: `storm-${tag}@example.com`,
            pass_hash: null,
            last_name: 'Storm',
            middle_name: '',
            first_name: `M${i + k}`,
            tel: '',
            zipcode: '90012',
            pref_id: 99,
            pref_text: 'CA',
            shiku: 'Los Angeles',
            address: '1 Storm St',
            building: '',
            referral_code: tag.toUpperCase(),
            country_id: 840,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => u.id);
    await db
      .insertInto('gem_lots')
      .values(
        ids.map((user_id) => ({
          user_id,
          kind: 'bonus',
          source: 'admin',
          amount: gems,
          remaining: gems,
          awarded_at: now,
          expires_at: new Date(Date.now() + 150 * 86_400_000).toISOString(),
        })),
      )
      .execute();
    await db
      .insertInto('gem_ledger')
      .values(
        ids.map((user_id) => ({
          user_id,
          delta: gems,
          paid_delta: 0,
          reason: 'admin_grant',
          reference: null,
          balance_after: gems,
          created_at: now,
        })),
      )
      .execute();
    const sids = ids.map(() => randomBytes(32).toString('base64url'));
    await db
      .insertInto('sessions')
      .values(
        ids.map((user_id, k) => ({
          id_hash: createHash('sha256').update(sids[k]!).digest('hex'),
          user_id,
          persistent: 1,
          created_at: now,
          expires_at: expires,
        })),
      )
      .execute();
    cookies.push(...sids.map((s) => `sid=${s}`));
  }
  return cookies;
}

export async function startServer(script: string, env: Record<string, string>, readyLine: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...NODE_ARGS, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        SESSION_SECRET: 'storm-secret-storm-secret-storm-secret-000',
        DEMO_DATA: '0',
        WEB_DIST: '/nonexistent',
        ADMIN_DIST: '/nonexistent',
        RATE_LIMITS: '1',
        SHUTDOWN_DRAIN_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  await new Promise<void>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server not ready:\n${out}`)), 120_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes(readyLine)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => fail(new Error(`server exited:\n${out}`)));
  });
  let tail = '';
  // the server's errors (pino level 50 and above), the first few printed when a buyer was not served
  const errors: string[] = [];
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-20_000);
    for (const line of b.toString().split('\n'))
      if (errors.length < 5 && /"level":(5|6)0/.test(line)) errors.push(line.slice(0, 2000));
    if (process.env.STORM_SERVER_LOG) appendFileSync(process.env.STORM_SERVER_LOG, b);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    errors,
    /** Stops the server; answers how its processes batched the purchases (db/pg-batch.ts, PostgreSQL). */
    async stop() {
      child.kill('SIGTERM');
      await exited;
      const stopped = tail
        .split('\n')
        .filter((l) => l.includes('"msg":"stopped"'))
        .map(
          (l) =>
            (
              JSON.parse(l) as {
                batches?: { batches: number; calls: number; handedBack: number; statementMs: number };
              }
            ).batches,
        )
        .filter((b) => b !== undefined);
      return {
        batches: stopped.reduce((s, b) => s + b.batches, 0),
        calls: stopped.reduce((s, b) => s + b.calls, 0),
        handedBack: stopped.reduce((s, b) => s + b.handedBack, 0),
        statementMs: stopped.reduce((s, b) => s + (b.statementMs ?? 0), 0),
      };
    },
  };
}

/**
 * The buyer's CSRF pair, read as the pack page does (GET /api/user/point), over the pool's keep-alive
 * connections: at the storm every member is on the pack page with a connection open (the page polls the live
 * odds), so the storm measures purchases, not TCP handshakes.
 */
export async function csrfBody(pool: RawPool, cookie: string, payload: unknown): Promise<string> {
  const { body } = await pool.send(pool.request('GET', '/api/user/point', cookie));
  const { csrf } = JSON.parse(body) as { csrf: { name: string; value: string } };
  return new URLSearchParams({
    csrf_name: csrf.name,
    csrf_value: csrf.value,
    json: JSON.stringify(payload),
  }).toString();
}
