import { writeWorkerOf } from '@gacha/sqlite-engine/write-worker/client';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate, openDb } from './db/index.ts';
import { loadDemoData } from './demo/load-demo.ts';
import { startJobs } from './jobs/start.ts';
import { writeWorker } from './modules/index.ts';
import { transferDeps } from './modules/transfer/service.ts';

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
  const db = openDb(config.databaseUrl, { writeWorker });
  await migrate(db);
  const app = await buildApp({ config, db });
  void writeWorkerOf(db)?.ready.then((started) => {
    if (!started) app.log.warn('the SQLite write worker did not start: purchases run on the server thread');
  });
  if (config.demoData && (await loadDemoData(db, new Date()))) {
    app.log.info('demo catalogue loaded (demo member: demo@example.com / demo1234)');
  }
  const jobs = startJobs({ db, config, log: app.log, transfer: transferDeps(app) });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await jobs.stop();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  // the address to open is PUBLIC_URL's: its host name carries the session cookie and every return address
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) =>
      `Server listening at ${address}; open ${config.publicUrl} in the browser`,
  });
}

await main();
