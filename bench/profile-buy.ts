/**
 * Profiling driver (not part of run-all): `PROFILE_OUT=/tmp/prof/buy.cpuprofile npx tsx bench/profile-buy.ts 2000`
 * (`BUY_COUNT=3000 … 60` for the big purchase)
 * drives N sequential buy-1 requests through real HTTP, then prints per-statement timing of the SQL.
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { startShop } from './lib.ts';

// Experiment only (STMT_CACHE=1): what a prepared-statement cache in the SQLite driver would save. Kysely's
// SqliteDriver calls prepare() for every query; better-sqlite3 statements are reusable.
if (process.env.STMT_CACHE) {
  const proto = SQLite.prototype as unknown as { prepare(sql: string): unknown };
  const prepare = proto.prepare;
  const caches = new WeakMap<object, Map<string, unknown>>();
  proto.prepare = function (this: object, sql: string) {
    let c = caches.get(this);
    if (!c) caches.set(this, (c = new Map()));
    let st = c.get(sql);
    if (!st) c.set(sql, (st = prepare.call(this, sql)));
    return st;
  };
}
import { benchMembers, benchPack, envelopeBody, median, postForm } from './setup.ts';

const N = Number(process.argv[2] ?? 3000);
/** Packs per request (BUY_COUNT=3000 profiles the big purchase). */
const COUNT = process.env.BUY_COUNT ?? '1';
const shop = await startShop({ bareRoute: true });
try {
  const [buyer] = await benchMembers(shop.db, 1, 50_000_000);
  const pack = await benchPack(shop.db, 400_000, 1);
  const body = await envelopeBody(shop.url, buyer!.cookie, { packId: pack, count: COUNT });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const r = await postForm(shop.url, '/user/pack/buy', buyer!.cookie, body);
    times.push(performance.now() - t0);
    if (r.state !== 200) throw new Error(`state ${r.state}`);
  }
  const { profile } = await session.post('Profiler.stop');
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const bare: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await (await fetch(`${shop.url}/bare`)).json();
    bare.push(performance.now() - t0);
  }
  console.log(`buy-1 sequential median ${median(times).toFixed(3)} ms, bare ${median(bare).toFixed(3)} ms`);
} finally {
  await shop.close();
}
