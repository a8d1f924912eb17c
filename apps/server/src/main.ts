import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import { writeWorkerOf } from '@gacha/sqlite-engine/write-worker/client';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { attachBus, detachBus } from './cluster/bus.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrate, openDb } from './db/index.ts';
import { batchStats } from './db/pg-batch.ts';
import { loadDemoData } from './demo/load-demo.ts';
import { startJobRunner, type JobRunner } from './jobs/start.ts';
import { writeWorker } from './modules/index.ts';
import { transferDeps } from './modules/transfer/service.ts';

/**
 * Until the app is built (the migrations run first) the port answers only the probes: alive, not ready. A
 * load balancer sends nothing here before /readyz says so.
 */
async function bootProbe(config: Config) {
  const server = createServer((req, res) => {
    const alive = req.url === '/livez'; // /healthz and /readyz wait for the app (e2e's server check is /healthz)
    res.writeHead(alive ? 200 : 503, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ status: alive ? 'alive' : 'migrating' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function main() {
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
  const bootLog = pino({ level: config.logLevel });
  const probe = config.port ? await bootProbe(config).catch(() => null) : null;
  const db = openDb(config.databaseUrl, {
    writeWorker,
    poolMax: config.dbPoolMax,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  await migrate(db);
  await probe?.close();
  // cache invalidation across processes: Redis pub/sub with REDIS_URL, else LISTEN/NOTIFY on PostgreSQL
  const bus = await attachBus(db, { redisUrl: config.redisUrl, log: bootLog });
  const app = await buildApp({ config, db });
  app.lifecycle.phase = 'starting';
  void writeWorkerOf(db)?.ready.then((started) => {
    if (!started) app.log.warn('the SQLite write worker did not start: purchases run on the server thread');
  });
  if (config.demoData && (await loadDemoData(db, new Date()))) {
    app.log.info('demo catalogue loaded (demo member: demo@example.com / demo1234)');
  }

  let jobs: JobRunner | null = null;
  let closing = false;
  let clusterStopping = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { drainMs, timeoutMs } = config.shutdown;
    app.log.info({ signal, drainMs }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, timeoutMs).unref();
    // readiness fails at once and every answer closes its connection; then stop accepting, finish in-flight
    // requests (and so their transactions), stop the jobs (a run in progress finishes), close the pool
    app.lifecycle.phase = 'draining';
    // a cluster worker stopped alone (a rolling restart, a process manager) leaves the shared port at once: the
    // primary stops handing it connections (one in flight goes to another worker), so its requests end soon.
    // net's close, not http's: http's would also drop the idle kept-alive connections, and a request already
    // sent on one would be lost. When the whole cluster stops, every worker keeps the port through the drain
    // (were all to leave, the primary would reset the connections it holds).
    if (cluster.isWorker && !clusterStopping) NetServer.prototype.close.call(app.server);
    await new Promise((r) => setTimeout(r, drainMs));
    // and until requests stop coming: a request a busy event loop has not read yet sits on a connection that
    // looks idle, and closing idle connections would drop it unanswered; read, it is answered with
    // Connection: close. Quiet means no request in QUIET_MS, seen twice (an I/O phase runs between the checks).
    const QUIET_MS = 300;
    // (at most half the time left before the forced exit: a client that never leaves does not hold the stop)
    const quietBy = Date.now() + Math.max(0, timeoutMs - drainMs) / 2;
    for (let quietChecks = 0; quietChecks < 2 && Date.now() < quietBy;) {
      const last = app.lifecycle.lastRequestAt ?? 0;
      quietChecks = Date.now() - last >= QUIET_MS ? quietChecks + 1 : 0;
      await new Promise((r) => setTimeout(r, 100));
    }
    await app.close();
    await jobs?.stop();
    await detachBus(db);
    await db.destroy();
    // on PostgreSQL: how the purchases of a pack were batched (db/pg-batch.ts)
    app.log.info({ batches: batchStats }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  // the cluster's primary stops every worker at once with this message rather than a signal
  if (cluster.isWorker) {
    process.on('message', (m: unknown) => {
      if ((m as { gacha?: string })?.gacha !== 'cluster-stop') return;
      clusterStopping = true;
      void close('SIGTERM (the whole cluster)');
    });
  }
  // the address to open is PUBLIC_URL's: its host name carries the session cookie and every return address
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) =>
      `Server listening at ${address}; open ${config.publicUrl} in the browser`,
  });
  jobs = await startJobRunner({ db, config, log: app.log, transfer: transferDeps(app) });
  if (!closing) app.lifecycle.phase = 'ready';
  process.send?.({ gacha: 'ready' }); // the cluster's primary (cluster/primary.ts) waits for it
  app.log.info({ jobs: jobs.kind, cacheBus: bus?.kind ?? 'none', pid: process.pid }, 'ready');
}

await main();
