import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { checkLedgers } from '../src/db/ledger-check.ts';
import { openDb, type Db } from '../src/db/index.ts';
import { createMembers, createPack } from './draw-factories.ts';
import { onPostgres } from './helpers.ts';
import {
  HttpClient,
  MAIN,
  pgShop,
  PRIMARY,
  PROCESS_TEST_TIMEOUT,
  purchaseLoad,
  startServer,
  type LoadOutcome,
} from './processes.ts';

/**
 * "SIGTERM during a purchase load: every request answered, no half-written purchase". Buyers keep
 * buying over kept-alive connections while the server gets SIGTERM: every request sent is answered (a request
 * lost on a closed socket would leave the buyer not knowing whether they paid), the process exits 0, and the
 * ledgers add up with exactly the purchases that were answered. While it drains (SHUTDOWN_DRAIN_MS) every answer
 * says `Connection: close` and /readyz fails: a proxy sends the next requests elsewhere, and so do these buyers
 * when the whole shop stops (a connection opened as the listening socket closes would be reset by the kernel
 * before the server ever read it).
 */
const BUYERS = 16;

async function buyers(db: Db, base: string) {
  const { packId } = await createPack(db, {
    prizes: [{ quantity: 200_000, buy_point: 5, rarity: 1 }],
    point: 10,
  });
  const ids = await createMembers(db, BUYERS, { gems: 10_000_000 });
  const clients: HttpClient[] = [];
  for (const userId of ids) {
    const sid = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        id_hash: createHash('sha256').update(sid).digest('hex'),
        user_id: userId,
        persistent: 0,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();
    const c = new HttpClient(base);
    c.cookies.set('sid', sid);
    await c.get('/user/point');
    clients.push(c);
  }
  return { packId, clients };
}

async function expectAllAnswered(db: Db, outcome: LoadOutcome) {
  expect(outcome.lost).toEqual({});
  expect(Object.keys(outcome.answered)).toEqual(['200']);
  const { problems, figures } = await checkLedgers(db);
  expect(problems).toEqual([]);
  // every purchase in the database was answered, and every answered one is there
  expect(figures.packsSold).toBe(outcome.packsBought);
  expect(figures.purchases).toBe(outcome.answered[200]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(!onPostgres)(
  'SIGTERM under a purchase load (SQLite, one process)',
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    it('answers every request in flight, tells the buyers it drains, exits 0, and the ledgers hold exactly the answered purchases', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gacha-sigterm-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const file = join(dir, 'shop.sqlite');
      const server = await startServer(MAIN, { DATABASE_URL: file, SHUTDOWN_DRAIN_MS: '500' });
      const db = openDb(file);
      onTestFinished(() => db.destroy());
      const { packId, clients } = await buyers(db, server.url);
      const load = purchaseLoad(clients, packId);
      await sleep(1500);
      // the buyers stop sending once an answer says the server drains (behind a proxy: its readiness fails)
      load.control.leaveOnDrain = true;
      server.signal('SIGTERM');
      const outcome = await load.done;
      expect(await server.exited).toBe(0);
      expect(server.lines.some((l) => l.includes('shutting down: draining'))).toBe(true);
      expect(outcome.answered[200]).toBeGreaterThan(50);
      await expectAllAnswered(db, outcome);
    });
  },
);

describe.runIf(onPostgres)(
  'SIGTERM under a purchase load (PostgreSQL, the cluster)',
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    it('a worker stopped (and replaced), a rolling restart, then the whole cluster: no request lost', async () => {
      const shop = await pgShop();
      const cluster = await startServer(
        PRIMARY,
        {
          DATABASE_URL: shop.url,
          PGBOSS_SCHEMA: shop.bossSchema,
          CLUSTER_WORKERS: '2',
          SHUTDOWN_DRAIN_MS: '500',
          REDIS_URL: process.env.REDIS_URL ?? '',
        },
        { readyLine: '"msg":"cluster ready"' },
      );
      const workerPids = () =>
        cluster.lines
          .filter((l) => l.includes('"msg":"ready"'))
          .map((l) => (JSON.parse(l) as { pid: number }).pid);
      const { packId, clients } = await buyers(shop.db, cluster.url);
      const load = purchaseLoad(clients, packId);
      await sleep(1000);
      // one worker gets SIGTERM (as a process manager would send it): it drains, the primary starts another
      const [first] = workerPids();
      process.kill(first!, 'SIGTERM');
      // it leaves the shared port at once (the primary hands its new connections to the other worker), answers
      // what it has with Connection: close and stops when its connections are gone
      const died = () => cluster.lines.some((l) => l.includes('worker died; starting another'));
      for (const t1 = Date.now(); !died() && Date.now() - t1 < 6_000;) await sleep(200);
      expect(died()).toBe(true);
      // every worker replaced, one at a time
      cluster.signal('SIGHUP');
      const t0 = Date.now();
      while (!cluster.lines.some((l) => l.includes('rolling restart done')) && Date.now() - t0 < 60_000)
        await sleep(200);
      await sleep(500);
      const during = {
        ...load.outcome,
        answered: { ...load.outcome.answered },
        lost: { ...load.outcome.lost },
      };
      expect(during.refused).toBe(0);
      expect(during.lost).toEqual({});
      // the whole cluster stops: the requests in flight are answered; the buyers leave once told it drains
      load.control.leaveOnDrain = true;
      cluster.signal('SIGTERM');
      const outcome = await load.done;
      expect(await cluster.exited).toBe(0);
      expect(outcome.answered[200]).toBeGreaterThan(50);
      await expectAllAnswered(shop.db, outcome);
    });
  },
);
