import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, onTestFinished } from 'vitest';
import { migrate, openDb, type Db } from '../src/db/index.ts';

/**
 * Runs `fn` when the current test ends, pass or fail (vitest ignores an afterAll registered inside a test: a server
 * started by a failed test would keep running, and its load keep hammering it, through the rest of the suite), or
 * at the end of the file when called outside a test.
 */
function atEnd(fn: () => unknown): void {
  try {
    onTestFinished(async () => {
      await fn();
    });
  } catch {
    afterAll(async () => {
      await fn();
    });
  }
}
import { TEST_DATABASE_URL } from './helpers.ts';

/**
 * Real server processes for the tests of several processes and SIGTERM: `node --import tsx main.ts` (or
 * the cluster's primary) with its own environment, a port of its own, its log lines kept; and a browser-like
 * HTTP client speaking the envelope over real sockets.
 */
const serverRoot = resolve(import.meta.dirname, '..');
export const MAIN = resolve(serverRoot, 'src/main.ts');
export const PRIMARY = resolve(serverRoot, 'src/cluster/primary.ts');

/** How long a test that starts server processes may take (each compiles the server with tsx at start). */
export const PROCESS_TEST_TIMEOUT = 180_000;

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every line it wrote (stdout and stderr). */
  lines: string[];
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  signal(sig: NodeJS.Signals): void;
}

/** Starts a server process and answers once it logged `readyLine` (main.ts: 'ready'). */
export async function startServer(
  script: string,
  env: Record<string, string>,
  opts: { port?: number; readyLine?: string } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: resolve(serverRoot, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      SESSION_SECRET: 'process-test-secret-process-test-secret-00',
      DEMO_DATA: '0',
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // stopped at the end even when it never became ready (a failed start must not leave a server running)
  atEnd(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((ok) => child.once('exit', ok));
    }
  });
  const lines: string[] = [];
  const readyLine = opts.readyLine ?? '"msg":"ready"';
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  const ready = new Promise<void>((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`no "${readyLine}" in 90 s:\n${lines.join('\n')}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        if (line.includes(readyLine)) {
          clearTimeout(timer);
          ok();
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code} before it was ready:\n${lines.join('\n')}`));
    });
  });
  await ready;
  const proc: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    lines,
    exited,
    signal: (sig) => void child.kill(sig),
  };
  return proc;
}

/**
 * A schema of its own on the test PostgreSQL database, migrated, and the URL that points a server process at it
 * (search_path in the connection's options); pg-boss gets a schema of its own too. Both dropped at the end.
 */
export async function pgShop(): Promise<{ db: Db; url: string; schema: string; bossSchema: string }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const bossSchema = `${schema}_boss`;
  const admin = openDb(TEST_DATABASE_URL);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = openDb(TEST_DATABASE_URL, { pgSchema: schema });
  await migrate(db);
  const base = new URL(TEST_DATABASE_URL);
  const url = `${base.toString()}${base.search ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  atEnd(async () => {
    await db.destroy();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
    await sql`drop schema if exists ${sql.id(bossSchema)} cascade`.execute(admin);
    await admin.destroy();
  });
  return { db, url, schema, bossSchema };
}

/** A browser over real HTTP: its cookies, the last csrf pair, the envelope's form body. */
export class HttpClient {
  cookies = new Map<string, string>();
  csrf: { name: string; value: string } | null = null;

  constructor(
    public base: string,
    private headers: Record<string, string> = {},
  ) {}

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /max-age=0\b/i.test(c)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async get(path: string, base = this.base): Promise<{ status: number; body: any }> {
    const res = await fetch(`${base}/api${path}`, {
      headers: { ...this.headers, cookie: this.cookieHeader() },
    });
    this.remember(res);
    const body = await res.json();
    if (body?.csrf) this.csrf = body.csrf;
    return { status: res.status, body };
  }

  /** Whether the last answer closed its connection: the server is draining (it stops soon). */
  draining = false;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async post(path: string, payload: unknown, base = this.base): Promise<{ status: number; body: any }> {
    if (!this.csrf) await this.get('/user/point', base);
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: {
        ...this.headers,
        cookie: this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        csrf_name: this.csrf!.name,
        csrf_value: this.csrf!.value,
        json: JSON.stringify(payload),
      }).toString(),
    });
    this.remember(res);
    this.draining = res.headers.get('connection') === 'close';
    const body = await res.json();
    if (body?.csrf) this.csrf = body.csrf;
    return { status: res.status, body };
  }
}

/** What a purchase load saw: answers by state, and requests that got no answer (by error code). */
export interface LoadOutcome {
  answered: Record<number, number>;
  /** Sent but never answered: a reset or a closed socket (what must never happen). */
  lost: Record<string, number>;
  /** Not sent: the connection was refused (nothing listens any more). */
  refused: number;
  packsBought: number;
}

/**
 * Each client buys `count` packs again and again until `stop()` or until its connection is refused; a request
 * whose answer never came is counted as lost. With `leaveOnDrain` set, a client whose answer said the server
 * drains (Connection: close) sends it nothing more, as a load balancer whose readiness check failed would.
 */
export function purchaseLoad(clients: HttpClient[], packId: number, count = 1) {
  const outcome: LoadOutcome = { answered: {}, lost: {}, refused: 0, packsBought: 0 };
  let stopped = false;
  const control = { leaveOnDrain: false };
  const loops = clients.map(async (c) => {
    while (!stopped && !(control.leaveOnDrain && c.draining)) {
      try {
        const r = await c.post('/user/pack/buy', { packId, count: String(count) });
        outcome.answered[r.body.state] = (outcome.answered[r.body.state] ?? 0) + 1;
        if (r.body.state === 200) outcome.packsBought += count;
      } catch (err) {
        const code = String(
          (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message ?? 'unknown',
        );
        if (code === 'ECONNREFUSED') {
          outcome.refused++;
          return;
        }
        outcome.lost[code] = (outcome.lost[code] ?? 0) + 1;
      }
    }
  });
  // a test that fails before it stops the load must not leave it running
  atEnd(() => {
    stopped = true;
    return Promise.all(loops);
  });
  return {
    outcome,
    control,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return outcome;
    },
    done: Promise.all(loops).then(() => outcome),
  };
}
