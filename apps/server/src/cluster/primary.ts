import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { ConfigError, loadConfig } from '../config.ts';
import { isPostgresUrl, migrate, openDb } from '../db/index.ts';
import { loadDemoData } from '../demo/load-demo.ts';

/**
 * `npm run start:cluster`: N server processes (CLUSTER_WORKERS, default one per core) on one port,
 * through node:cluster, against PostgreSQL. The primary runs the migrations and the demo data once, then forks
 * the workers (each is main.ts: its own pool, jobs through pg-boss, the cache bus), replaces a worker that dies,
 * restarts them one at a time on SIGHUP (a new one is ready before an old one drains), and on SIGTERM/SIGINT
 * passes SIGTERM to each worker and waits for their graceful exit. With CLUSTER_METRICS_PORT it serves the
 * workers' metrics summed (prom-client's AggregatorRegistry) on that port at /metrics.
 */
// the sources' main.ts, or the build's main.js beside this bundle (scripts/build.mjs)
const MAIN = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../main.ts' : './main.js', import.meta.url),
);

async function primary() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel }).child({ role: 'primary' });
  const { workers: n, metricsPort } = config.cluster;
  if (!isPostgresUrl(config.databaseUrl) && n > 1) {
    console.error(
      'CLUSTER_WORKERS > 1 needs PostgreSQL (DATABASE_URL=postgres://…): the embedded SQLite file is driven by one process',
    );
    process.exit(1);
  }
  const db = openDb(config.databaseUrl, { poolMax: 2 });
  await migrate(db);
  if (config.demoData && (await loadDemoData(db, new Date()))) log.info('demo catalogue loaded');
  await db.destroy();

  cluster.setupPrimary({ exec: MAIN });
  // the workers load nothing again: the primary did
  const env = { DEMO_DATA: '0' };
  let stopping = false;
  const ready = new WeakSet<Worker>();
  const fork = () => {
    const w = cluster.fork(env);
    w.on('message', (m: unknown) => {
      if ((m as { gacha?: string })?.gacha === 'ready') {
        ready.add(w);
        w.emit('gacha-ready');
      }
    });
    return w;
  };
  const whenReady = (w: Worker) =>
    new Promise<boolean>((resolve) => {
      if (ready.has(w)) return resolve(true);
      w.once('gacha-ready', () => resolve(true));
      w.once('exit', () => resolve(false));
    });
  const stopWorker = (w: Worker, message?: { gacha: string }) =>
    new Promise<void>((resolve) => {
      if (w.isDead()) return resolve();
      w.once('exit', () => resolve());
      if (message && w.isConnected()) w.send(message);
      else w.process.kill('SIGTERM');
    });

  let recentDeaths: number[] = [];
  cluster.on('exit', (w, code, signal) => {
    if (stopping || (w as Worker & { replaced?: boolean }).replaced) return;
    log.warn({ pid: w.process.pid, code, signal }, 'worker died; starting another');
    const now = Date.now();
    recentDeaths = [...recentDeaths.filter((t) => now - t < 60_000), now];
    // a worker that dies at once again and again (a bad setting): back off rather than spin
    setTimeout(() => void (stopping || fork()), recentDeaths.length > n * 3 ? 5000 : 0).unref();
  });

  for (let i = 0; i < n; i++) fork();
  const started = await Promise.all(Object.values(cluster.workers ?? {}).map((w) => whenReady(w!)));
  log.info({ workers: started.filter(Boolean).length, port: config.port }, 'cluster ready');

  process.on('SIGHUP', async () => {
    if (stopping) return;
    log.info('rolling restart');
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old || stopping) continue;
      const fresh = fork();
      if (!(await whenReady(fresh))) {
        log.error('a new worker did not start; the rolling restart stops');
        return;
      }
      (old as Worker & { replaced?: boolean }).replaced = true;
      await stopWorker(old);
    }
    log.info('rolling restart done');
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the workers');
    setTimeout(() => {
      log.error('workers did not stop in time');
      process.exit(1);
    }, config.shutdown.timeoutMs + 5000).unref();
    // a message, not SIGTERM: a worker stopped with the rest keeps the shared port through its drain (main.ts)
    await Promise.all(
      Object.values(cluster.workers ?? {}).map((w) => stopWorker(w!, { gacha: 'cluster-stop' })),
    );
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (metricsPort) {
    const aggregate = new AggregatorRegistry();
    createServer((req, res) => {
      if (req.url !== '/metrics') return void res.writeHead(404).end();
      aggregate.clusterMetrics().then(
        (text) => res.writeHead(200, { 'content-type': aggregate.contentType }).end(text),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    }).listen(metricsPort, config.host, () => log.info({ port: metricsPort }, 'summed metrics at /metrics'));
  }
}

if (!cluster.isPrimary) throw new Error('primary.ts runs the cluster; its workers run main.ts');
await primary();
