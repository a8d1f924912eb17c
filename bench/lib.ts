import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDb } from '../apps/server/src/db/index.ts';
import { writeWorker } from '../apps/server/src/modules/index.ts';

/** The real server on a throwaway SQLite file, listening on a loopback port. */
export async function startShop(opts: { bareRoute?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gacha-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    DATABASE_URL: join(dir, 'bench.sqlite'),
    WEB_DIST: '/nonexistent',
  });
  // as the server opens it (main.ts); BENCH_WRITE_WORKER=0 measures the purchase on the server's thread instead
  const db = openDb(config.databaseUrl, process.env.BENCH_WRITE_WORKER === '0' ? {} : { writeWorker });
  await migrate(db);
  const app = await buildApp({ config, db });
  // the budget's yardstick: a route with no envelope, no session and no database
  if (opts.bareRoute) app.get('/bare', async () => ({ ok: true }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    db,
    url: address,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  requestsPerSec: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ connections: 20, duration: 5, ...opts });
  return {
    requestsPerSec: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}
