import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Clock } from '../src/http/app-deps.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { isPostgresUrl, migrate, openDb, type Db } from '../src/db/index.ts';
import { writeWorkerOf } from '@gacha/sqlite-engine/write-worker/client';
import { writeWorker } from '../src/modules/index.ts';
import type { Command } from '../scripts/command.ts';

export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? ':memory:';
export const onPostgres = isPostgresUrl(TEST_DATABASE_URL);

/** A clock tests can move. */
export class TestClock implements Clock {
  constructor(public current = new Date('2026-11-20T03:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * A fresh, migrated database: in-memory SQLite, or a schema of its own on PostgreSQL when DATABASE_URL
 * names one (dropped when the file's tests end).
 * `writeWorker` (SQLite): a file in a temporary folder with the server's write worker, ready before this answers
 * (the worker's own test modules can be added).
 */
export async function freshDb(opts: { writeWorker?: boolean; workerModules?: string[] } = {}): Promise<Db> {
  if (!onPostgres && opts.writeWorker) {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-worker-'));
    const db = openDb(join(dir, 'shop.sqlite'), {
      writeWorker: {
        ...writeWorker,
        procedureModules: [...writeWorker.procedureModules, ...(opts.workerModules ?? [])],
      },
    });
    await migrate(db);
    if (!(await writeWorkerOf(db)!.ready)) throw new Error('the write worker did not start');
    afterAll(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });
    return db;
  }
  if (!onPostgres) {
    const db = openDb(':memory:');
    await migrate(db);
    afterAll(() => db.destroy());
    return db;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openDb(TEST_DATABASE_URL);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = openDb(TEST_DATABASE_URL, { pgSchema: schema });
  await migrate(db);
  afterAll(async () => {
    await db.destroy();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  });
  return db;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEMO_DATA: '0',
    WEB_DIST: '/nonexistent',
    ADMIN_DIST: '/nonexistent',
    STORAGE_DIR: join(tmpdir(), `gacha-test-uploads-${process.pid}`),
  });
  return { ...base, ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  config: Config;
  /** A new browser: its own cookie jar and csrf pair. */
  client(opts?: { lang?: 'en' | 'ja'; ip?: string }): TestClient;
}

/**
 * The databases a purchase test runs on: PostgreSQL when DATABASE_URL names one; otherwise in-memory SQLite,
 * and an SQLite file with the server's write worker (the purchases then run on the worker's connection).
 */
export const purchaseDbModes = onPostgres
  ? [{ name: 'PostgreSQL', writeWorker: false }]
  : [
      { name: 'SQLite', writeWorker: false },
      { name: 'SQLite file, write worker', writeWorker: true },
    ];

export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { writeWorker?: boolean } = {},
): Promise<TestApp> {
  const db = await freshDb(opts);
  const clock = new TestClock();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db, clock });
  await app.ready();
  afterAll(() => app.close());
  return { app, db, clock, config, client: (opts) => new TestClient(app, opts) };
}

export interface ApiAnswer {
  httpStatus: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, unknown>;
}

/** Speaks the real envelope: form body with csrf_name, csrf_value and json; keeps cookies and the last csrf. */
export class TestClient {
  cookies = new Map<string, string>();
  csrf: { name: string; value: string } | null = null;

  constructor(
    readonly app: FastifyInstance,
    private opts: { lang?: 'en' | 'ja'; ip?: string } = {},
  ) {
    if (opts.lang) this.cookies.set('lang', opts.lang);
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: { headers: Record<string, unknown>; body: string }) {
    const set = res.headers['set-cookie'];
    for (const c of ([] as string[]).concat((set as string[] | string | undefined) ?? [])) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    try {
      const body = JSON.parse(res.body);
      if (body?.csrf) this.csrf = body.csrf;
      return body;
    } catch {
      return res.body;
    }
  }

  async get(path: string): Promise<ApiAnswer> {
    const res = await this.app.inject({
      method: 'GET',
      url: `/api${path}`,
      // what a browser's fetch from the shop's own page says (the logout GET asks for it)
      headers: { cookie: this.cookieHeader(), 'sec-fetch-site': 'same-origin' },
      remoteAddress: this.opts.ip ?? '127.0.0.1',
    });
    return { httpStatus: res.statusCode, body: this.remember(res), headers: res.headers };
  }

  /** POSTs `payload` as the `json` field. Fetches a csrf pair first if this client has none. */
  async post(path: string, payload: unknown = {}, raw?: Record<string, string>): Promise<ApiAnswer> {
    if (!this.csrf && !raw) await this.get('/user/point');
    const form = raw ?? {
      csrf_name: this.csrf!.name,
      csrf_value: this.csrf!.value,
      json: JSON.stringify(payload),
    };
    const res = await this.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: this.opts.ip ?? '127.0.0.1',
    });
    return { httpStatus: res.statusCode, body: this.remember(res), headers: res.headers };
  }

  /** POSTs a raw form with this client's csrf pair plus the given fields (for malformed-input tests). */
  async postForm(path: string, fields: Record<string, string>, withCsrf = true): Promise<ApiAnswer> {
    if (!this.csrf) await this.get('/user/point');
    const form = withCsrf ? { csrf_name: this.csrf!.name, csrf_value: this.csrf!.value, ...fields } : fields;
    return this.post(path, undefined, form);
  }
}

/**
 * POSTs that are not the envelope's form: no body, a JSON body, other content types. Each is refused with
 * 400, 401 or 403, never a 500 (the caller checks that nothing was written).
 */
export async function expectNonFormBodiesRefused(app: FastifyInstance, path: string, valid: unknown) {
  const url = `/api${path}`;
  // these requests carry no session: an upload route refuses them at the headers (401), any other at the csrf pair
  const route = app.apiRoutes.find(
    (r) => r.method === 'POST' && new RegExp(`^${r.url.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(url),
  );
  const refused = (route?.bodyLimit ?? 0) > app.initialConfig.bodyLimit! ? 401 : 403;
  const noBody = await app.inject({ method: 'POST', url });
  expect(noBody.statusCode, `${path}: no body`).toBe(refused);
  expect(JSON.parse(noBody.body).state, `${path}: no body`).toBe(refused);
  const jsonBody = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(valid),
  });
  expect(JSON.parse(jsonBody.body).state, `${path}: a JSON body`).toBe(refused);
  for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type },
      payload: 'hello',
    });
    expect(res.statusCode, `${path}: ${type}`).toBeLessThan(500);
    expect([400, refused], `${path}: ${type}`).toContain(JSON.parse(res.body).state);
  }
}

/** Row counts of every table, to assert that a refused request wrote nothing. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'users',
    'sessions',
    'gem_lots',
    'gem_ledger',
    'coin_ledger',
    'packs',
    'pack_prizes',
    'cards',
    'point_prices',
    'settings',
  ] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

export function uniqueMail(prefix = 'member'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/**
 * How long a test that starts a staff command as a child process may take: each start compiles the script with
 * tsx (seconds of CPU on a 2-core machine, more when it is busy).
 */
export const SCRIPT_TEST_TIMEOUT = 120_000;

/** The environment staff commands run with in tests, on a database file. */
function scriptEnv(databaseUrl: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env };
}

/** What a staff command answered: its exit code and what it wrote. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a staff command's main() (apps/server/scripts/<script>) in this process on a database file. */
export async function runMain(
  main: Command,
  args: string[],
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CommandRun> {
  const out = { stdout: '', stderr: '' };
  const code = await main(args, {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env: scriptEnv(databaseUrl, env),
  });
  return { code, ...out };
}

/** The JSON a staff command printed, once it has succeeded (exit code 0). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function answerOf(run: CommandRun): any {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

/**
 * Runs a staff command as a child process through tsx, the way staff run it (`npx tsx apps/server/scripts/…`).
 * Rejects with the exit code unless it is 0.
 */
export function runScript(script: string, args: string[], databaseUrl: string, env: NodeJS.ProcessEnv = {}) {
  const root = resolve(import.meta.dirname, '../../..');
  return promisify(execFile)(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'apps/server/scripts', script), ...args],
    { env: scriptEnv(databaseUrl, env), cwd: root },
  );
}
