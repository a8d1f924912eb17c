/**
 * The floor under buy-1 on SQLite (evidence for the budget): the statements one purchase must run, in one
 * transaction, prepared once and called straight through better-sqlite3, with no Kysely, no HTTP, no envelope.
 * `npx tsx bench/sql-floor.ts [iterations]`
 */
import SQLite from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb } from '../apps/server/src/db/index.ts';
import { benchMembers, benchPack } from './setup.ts';

const N = Number(process.argv[2] ?? 5000);
const dir = mkdtempSync(join(tmpdir(), 'gacha-floor-'));
const file = join(dir, 'floor.sqlite');
const db = openDb(file);
await migrate(db);
const [m] = await benchMembers(db, 1, 50_000_000);
const packId = await benchPack(db, 400_000, 1);
await db.destroy();

const raw = new SQLite(file);
raw.pragma('journal_mode = WAL');
raw.pragma('synchronous = FULL'); // as the server (db/sqlite.ts)
raw.pragma('foreign_keys = ON');
// experiment: FLOOR_PRAGMA='wal_autocheckpoint = 0' shows what the WAL checkpoints cost inside the commits
if (process.env.FLOOR_PRAGMA) raw.pragma(process.env.FLOOR_PRAGMA);
const q = {
  session: raw.prepare(
    'select users.id, users.lang from sessions inner join users on users.id = sessions.user_id where sessions.id_hash = ? and sessions.expires_at > ?',
  ),
  begin: raw.prepare('begin'),
  commit: raw.prepare('commit'),
  lock: raw.prepare(
    'update users set last_gem_use_at = ? where id = ? returning id, rank, country_id, coin_tenths, coin_carry_gems',
  ),
  claim: raw.prepare(
    'update packs set sold_count = sold_count + ? where id = ? and sold_count + ? <= total_pack_count returning sold_count, total_pack_count',
  ),
  purchase: raw.prepare(
    'insert into pack_purchases (user_id, pack_id, count, first_position, currency, base_price, discount_percent, price_paid, coin_earned_tenths, created_at) values (?,?,?,?,?,?,?,?,?,?) returning id',
  ),
  lots: raw.prepare(
    'select id, remaining from gem_lots where user_id = ? and expires_at > ? and remaining > 0 order by expires_at, id',
  ),
  debit: raw.prepare(
    'update gem_lots set remaining = remaining - ? where id = ? and remaining >= ? and expires_at > ?',
  ),
  ledger: raw.prepare(
    'insert into gem_ledger (user_id, delta, reason, reference, balance_after, created_at) values (?,?,?,?,?,?)',
  ),
  coins: raw.prepare(
    'update users set coin_carry_gems = ?, coin_tenths = coin_tenths + ? where id = ? returning coin_tenths',
  ),
  items: raw.prepare(
    `insert into won_items (purchase_id, user_id, pack_id, prize_id, card_id, position, is_last_one, action_type, buy_point, status, created_at)
     select ?, ?, l.pack_id, l.prize_id, pp.card_id, l.position, 0, case when pp.ship_only = 1 then '2' else '0' end, pp.buy_point, 'unselected', ?
     from pack_lots l inner join pack_prizes pp on pp.id = l.prize_id
     where l.pack_id = ? and l.position >= ? and l.position < ? order by l.position
     returning id, position, prize_id`,
  ),
};
const sidHash = createHash('sha256').update(m!.cookie.slice(4)).digest('hex');
let carry = 0;
const spent = new Map<string, number>();
function timed<T>(name: string, f: () => T): T {
  const t = performance.now();
  const r = f();
  spent.set(name, (spent.get(name) ?? 0) + performance.now() - t);
  return r;
}
function buyOne() {
  const at = new Date().toISOString();
  timed('session', () => q.session.get(sidHash, at));
  timed('begin', () => q.begin.run());
  try {
    timed('lock', () => q.lock.get(at, m!.id));
    const c = timed('claim', () => q.claim.get(1, packId, 1)) as { sold_count: number };
    const first = c.sold_count - 1;
    const p = timed('purchase', () => q.purchase.get(m!.id, packId, 1, first, 'gem', 1, 0, 1, 0, at)) as {
      id: number;
    };
    const lots = timed('lots', () => q.lots.all(m!.id, at)) as { id: number; remaining: number }[];
    timed('debit', () => q.debit.run(1, lots[0]!.id, 1, at));
    timed('ledger', () =>
      q.ledger.run(m!.id, -1, 'pack_purchase', `purchase:${p.id}`, lots[0]!.remaining - 1, at),
    );
    carry = (carry + 1) % 100;
    timed('coins', () => q.coins.get(carry, 0, m!.id));
    timed('items', () => q.items.all(p.id, m!.id, at, packId, first, first + 1));
    timed('commit', () => q.commit.run());
  } catch (e) {
    raw.exec('rollback');
    throw e;
  }
}
for (let i = 0; i < 200; i++) buyOne(); // warm
spent.clear();
const t0 = performance.now();
for (let i = 0; i < N; i++) buyOne();
const per = (performance.now() - t0) / N;
console.log(
  `sql floor: ${(per * 1000).toFixed(0)} µs per buy-1 (${Math.round(1000 / per)} /s) — 12 statements, prepared once`,
);
for (const [name, ms] of [...spent].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${name.padEnd(9)} ${((ms / N) * 1000).toFixed(0).padStart(4)} µs`);
}
raw.close();
rmSync(dir, { recursive: true, force: true });
