import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedgers } from '../src/db/ledger-check.ts';
import { openDb, type Db } from '../src/db/index.ts';
import { createMembers, createPack } from './draw-factories.ts';
import { onPostgres } from './helpers.ts';
import { HttpClient, MAIN, pgShop, PROCESS_TEST_TIMEOUT, startServer } from './processes.ts';

/**
 * `kill -9` in the middle of a release storm: the server process dies at once (no drain, no COMMIT waited for),
 * with purchases of one pack in flight — on PostgreSQL in the batches of db/pg-batch.ts, on SQLite in the write
 * worker's groups. A buyer is answered only after the commit that holds their purchase, so every purchase that
 * was answered is in the database with its lots, and the ledgers add up (a purchase committed whose answer was
 * lost with the process may be there too: the buyer finds it in their history). Then the server starts again on
 * the same database and sells on.
 */
const BUYERS = 60;

async function buyers(db: Db, base: string) {
  const { packId } = await createPack(db, {
    prizes: [{ quantity: 100_000, buy_point: 5, rarity: 1 }],
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

/** Every client buys again and again until its request fails (the process is gone); answered purchase ids. */
function storm(clients: HttpClient[], packId: number) {
  const answered: number[] = [];
  let failed = 0;
  const loops = clients.map(async (c) => {
    for (;;) {
      try {
        const r = await c.post('/user/pack/buy', { packId, count: '1' });
        expect(r.body.state).toBe(200);
        answered.push(r.body.purchase_id as number);
      } catch (err) {
        if ((err as Error).name === 'AssertionError') throw err;
        failed++;
        return;
      }
    }
  });
  return { answered, done: Promise.all(loops).then(() => failed) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function crashAndCheck(db: Db, env: Record<string, string>) {
  const server = await startServer(MAIN, env);
  const { packId, clients } = await buyers(db, server.url);
  const load = storm(clients, packId);
  // mid-storm: once purchases are being answered (a loaded machine takes a while to warm up)
  for (const t0 = Date.now(); load.answered.length < 100 && Date.now() - t0 < 60_000;) await sleep(50);
  server.signal('SIGKILL');
  expect(await server.exited).toBeNull(); // ended by the signal, no exit code
  const failed = await load.done;
  expect(failed).toBe(BUYERS); // every buyer lost a request in flight: the kill hit mid-storm
  expect(load.answered.length).toBeGreaterThan(50);

  // every answered purchase is there, with its lot, paid
  const rows = await db
    .selectFrom('pack_purchases')
    .select(['id', 'count'])
    .where('id', 'in', load.answered)
    .execute();
  expect(rows.length).toBe(load.answered.length);
  const items = await db
    .selectFrom('won_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('purchase_id', 'in', load.answered)
    .executeTakeFirstOrThrow();
  expect(Number(items.n)).toBe(load.answered.length);
  const paid = await db
    .selectFrom('gem_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(
      'reference',
      'in',
      load.answered.map((id) => `purchase:${id}`),
    )
    .executeTakeFirstOrThrow();
  expect(Number(paid.n)).toBe(load.answered.length);
  const { problems, figures } = await checkLedgers(db);
  expect(problems).toEqual([]);
  expect(figures.purchases).toBeGreaterThanOrEqual(load.answered.length);

  // the shop starts again on the same database and sells on
  const again = await startServer(MAIN, env);
  const c = clients[0]!;
  c.base = again.url;
  c.csrf = null;
  const r = await c.post('/user/pack/buy', { packId, count: '1' });
  expect(r.body.state).toBe(200);
  again.signal('SIGTERM');
  expect(await again.exited).toBe(0);
  expect((await checkLedgers(db)).problems).toEqual([]);
}

describe.runIf(onPostgres)(
  'kill -9 during a release storm (PostgreSQL)',
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    it('loses no answered purchase, and the ledgers add up', async () => {
      const shop = await pgShop();
      await crashAndCheck(shop.db, {
        DATABASE_URL: shop.url,
        PGBOSS_SCHEMA: shop.bossSchema,
        REDIS_URL: process.env.REDIS_URL ?? '',
        SHUTDOWN_DRAIN_MS: '0',
      });
    });
  },
);

describe.runIf(!onPostgres)(
  'kill -9 during a release storm (SQLite)',
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    it('loses no answered purchase, and the ledgers add up', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gacha-kill-'));
      afterAll(() => rmSync(dir, { recursive: true, force: true }));
      const file = join(dir, 'shop.sqlite');
      const db = openDb(file);
      afterAll(() => db.destroy());
      await crashAndCheck(db, { DATABASE_URL: file, SHUTDOWN_DRAIN_MS: '0' });
    });
  },
);
