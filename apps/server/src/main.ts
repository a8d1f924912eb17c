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
    // readiness fails at once and every answer closes its connection; then stop accepting, let the connections
    // end, finish in-flight requests (and so their transactions), stop the jobs (a run in progress finishes),
    // close the pool
    app.lifecycle.phase = 'draining';
    // a cluster worker stopped alone (a rolling restart, a process manager) leaves the shared port at once: the
    // primary stops handing it connections (one in flight goes to another worker), so its requests end soon.
    // When the whole cluster stops, every worker keeps the port through the drain (were all to leave at once, the
    // primary would reset the connections it holds), and so does a single process (a proxy moves away meanwhile).
    const leavePort = () => {
      // net's close, not http's: http's would also drop the idle kept-alive connections (below)
      if (app.server.listening) NetServer.prototype.close.call(app.server);
    };
    if (cluster.isWorker && !clusterStopping) leavePort();
    await new Promise((r) => setTimeout(r, drainMs));
    leavePort();
    // then until every connection is gone: each closes after its next answer (Connection: close). An idle
    // kept-alive one is never closed from here while there is time: its client may be sending on it that very
    // moment, and a request lost so would leave a buyer not knowing whether they paid. A client that keeps one
    // idle holds the stop for at most half the time left before the forced exit.
    const openConnections = () => new Promise<number>((r) => app.server.getConnections((_, n) => r(n ?? 0)));
    const until = Date.now() + Math.max(0, timeoutMs - drainMs) / 2;
    while (Date.now() < until && (await openConnections()) > 0) await new Promise((r) => setTimeout(r, 100));
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
