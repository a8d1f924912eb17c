import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { main as backup } from '../scripts/backup.ts';
import { checkLedgers } from '../src/db/ledger-check.ts';
import { migrate, openDb, type Db } from '../src/db/index.ts';
import { buyPacks } from '../src/modules/draws/service.ts';
import { createMembers, createPack } from './draw-factories.ts';
import { answerOf, onPostgres, runMain, SCRIPT_TEST_TIMEOUT, TEST_DATABASE_URL } from './helpers.ts';
import { pgShop } from './processes.ts';

/**
 * Backups: a copy made while the shop has members, gems and purchases, more purchases after it, then
 * the database lost and restored from the copy: the shop is back at the copy's instant and its ledgers add up.
 */
const dir = mkdtempSync(join(tmpdir(), 'gacha-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function activity(db: Db, buyers: number) {
  const { packId } = await createPack(db, {
    prizes: [{ quantity: 1000, buy_point: 5, rarity: 1 }],
    point: 30,
  });
  const ids = await createMembers(db, buyers, { gems: 5_000 });
  for (const [i, userId] of ids.entries())
    await buyPacks(db, { userId, packId, count: 1 + (i % 3), lang: 'en' }, new Date());
  return { packId, ids };
}

async function shopState(db: Db) {
  const { problems, figures } = await checkLedgers(db);
  expect(problems).toEqual([]);
  return figures;
}

describe.runIf(!onPostgres)('SQLite: VACUUM INTO while the shop writes, restore over the file', () => {
  it('restores the copy with its ledgers whole', { timeout: SCRIPT_TEST_TIMEOUT }, async () => {
    const file = join(dir, 'shop.sqlite');
    const db = openDb(file);
    await migrate(db);
    const { packId, ids } = await activity(db, 12);
    const atBackup = await shopState(db);
    const copy = join(dir, 'copy.sqlite');
    // the copy is made on its own connection while this one keeps buying
    const buying = Promise.all(
      ids.slice(0, 4).map((userId) => buyPacks(db, { userId, packId, count: 1, lang: 'en' }, new Date())),
    );
    const made = answerOf(await runMain(backup, ['create', copy], file));
    await buying;
    expect(made).toMatchObject({ engine: 'sqlite', method: 'VACUUM INTO' });
    const afterMore = await shopState(db);
    expect(afterMore.purchases).toBe(atBackup.purchases + 4);
    await db.destroy();

    // the database is lost; the copy goes back
    rmSync(file);
    const restored = await runMain(backup, ['restore', copy], file);
    expect(restored.code, restored.stderr).toBe(0);
    const answer = JSON.parse(restored.stdout);
    expect(answer.problems).toEqual([]);
    // the copy is one instant: before, between or after the 4 concurrent purchases, each whole
    expect(answer.figures.purchases).toBeGreaterThanOrEqual(atBackup.purchases);
    expect(answer.figures.purchases).toBeLessThanOrEqual(atBackup.purchases + 4);
    expect(answer.figures.members).toBe(atBackup.members);
    const again = openDb(file);
    expect((await shopState(again)).packsSold).toBe(answer.figures.packsSold);
    await again.destroy();
    expect(answerOf(await runMain(backup, ['verify'], file)).problems).toEqual([]);
  });
});

describe.runIf(onPostgres)('PostgreSQL: pg_dump and pg_restore', () => {
  it(
    'restores a dropped schema from the dump with its ledgers whole',
    { timeout: SCRIPT_TEST_TIMEOUT },
    async () => {
      const shop = await pgShop();
      const { packId, ids } = await activity(shop.db, 12);
      const atBackup = await shopState(shop.db);
      const dump = join(dir, 'shop.dump');
      const made = answerOf(await runMain(backup, ['create', dump], shop.url));
      expect(made).toMatchObject({ engine: 'postgres', schema: shop.schema });
      expect(made.serverMajor).toBeGreaterThan(0);
      // more purchases after the dump, then the schema is lost
      for (const userId of ids.slice(0, 4))
        await buyPacks(shop.db, { userId, packId, count: 1, lang: 'en' }, new Date());
      expect((await shopState(shop.db)).purchases).toBe(atBackup.purchases + 4);
      const admin = openDb(TEST_DATABASE_URL);
      await sql`drop schema ${sql.id(shop.schema)} cascade`.execute(admin);
      await admin.destroy();

      const restored = await runMain(backup, ['restore', dump], shop.url);
      expect(restored.code, restored.stderr).toBe(0);
      const answer = JSON.parse(restored.stdout);
      expect(answer.problems).toEqual([]);
      expect(answer.figures).toEqual(atBackup);
      expect(await shopState(shop.db)).toEqual(atBackup);
      // the shop works on the restored schema: a purchase goes through and the ledgers still add up
      await buyPacks(shop.db, { userId: ids[0]!, packId, count: 2, lang: 'en' }, new Date());
      expect((await shopState(shop.db)).purchases).toBe(atBackup.purchases + 1);
    },
  );
});
