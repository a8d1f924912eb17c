import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { announce, attachBus, detachBus, onAnnounce } from '../src/cluster/bus.ts';
import { openDb, type Db } from '../src/db/index.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { cachedPack, cardTypes } from '../src/modules/packs/service.ts';
import { changeCardType, updatePack } from '../src/modules/packs/staff.ts';
import { changeBanner, forgetBanners, liveBanners } from '../src/modules/site/service.ts';
import { addDemoShopWords } from '../src/demo/shop-words.ts';
import { createPack } from './draw-factories.ts';
import { freshDb, onPostgres, TEST_DATABASE_URL } from './helpers.ts';

/**
 * The caches of one process are dropped in every other within a second of a change. Two database
 * handles on one schema stand for two processes (each has its own caches and its own bus connection).
 */
async function within(ms: number, done: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  while (!(await done())) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - t0;
}

async function twoProcesses(redisUrl: string): Promise<[Db, Db]> {
  const one = await freshDb();
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(one)).rows[0]!.s;
  const two = openDb(TEST_DATABASE_URL, { pgSchema: schema });
  for (const db of [one, two]) await attachBus(db, { redisUrl });
  afterAll(async () => {
    await detachBus(one);
    await detachBus(two);
    await two.destroy();
  });
  return [one, two];
}

const buses = [
  ...(onPostgres ? [{ name: 'PostgreSQL LISTEN/NOTIFY', redisUrl: '' }] : []),
  ...(onPostgres && process.env.REDIS_URL
    ? [{ name: 'Redis pub/sub', redisUrl: process.env.REDIS_URL }]
    : []),
];

describe.each(buses)('the cache bus: $name', ({ redisUrl }) => {
  it('a pack changed through one process is read afresh by the other within a second', async () => {
    const [one, two] = await twoProcesses(redisUrl);
    const { packId } = await createPack(one);
    const now = new Date();
    // held in memory (once the announcement of its publication, which may still be on its way, is heard)
    await within(
      1000,
      async () => (await cachedPack(two, packId, now)) === (await cachedPack(two, packId, now)),
    );
    await updatePack(commandWrite(one), packId, { name_en: 'Renamed through one' });
    const ms = await within(
      1000,
      async () => (await cachedPack(two, packId, now))?.pack.name_en === 'Renamed through one',
    );
    expect(ms).toBeLessThan(1000);
  });

  it('so are the Top banners', async () => {
    const [one, two] = await twoProcesses(redisUrl);
    const now = new Date();
    // the demo's banners (an empty shop has none)
    await one.transaction().execute((tx) => addDemoShopWords(tx, now));
    const shown = await liveBanners(two, now, 'en');
    const first = shown.top[0] ?? shown.alerts[0];
    expect(first).toBeDefined();
    await one.transaction().execute((tx) => changeBanner(tx, first!.id, { title_en: 'Changed through one' }));
    forgetBanners(one);
    await within(1000, async () => {
      const b = await liveBanners(two, now, 'en');
      return [...b.top, ...b.alerts].some((x) => x.title === 'Changed through one');
    });
  });

  it('so are the card types (the shop tabs)', async () => {
    const [one, two] = await twoProcesses(redisUrl);
    expect((await cardTypes(two, 'en')).find((x) => x.id === 1)?.top_tab).toBe(true);
    await changeCardType(commandWrite(one), 1, { top_tab: 0 }); // the rule drops the copies itself
    const ms = await within(
      1000,
      async () => (await cardTypes(two, 'en')).find((x) => x.id === 1)?.top_tab === false,
    );
    expect(ms).toBeLessThan(1000);
  });
});

describe('announcements within one process', async () => {
  const db = await freshDb();
  it('reach every listener of the topic at once, and "*" reaches all', () => {
    const heard: string[] = [];
    onAnnounce(db, 'a', (p) => heard.push(`a:${p}`));
    onAnnounce(db, 'b', (p) => heard.push(`b:${p}`));
    announce(db, 'a', '1');
    announce(db, '*', '*');
    expect(heard).toEqual(['a:1', 'a:*', 'b:*']);
  });
});
