/**
 * The monthly rank rollover at scale: 100,000 members with a year of gem-pack purchases (about one a
 * member a month, 1.2 million rows), then the rollover of the month that starts: its time, its rows, and the
 * process's peak memory while it runs (sampled every 20 ms). It must stream the members in batches: the peak may
 * not grow with the number of members. BENCH_ROLLOVER_MEMBERS sets the count (default 100,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrate, openDb } from '../apps/server/src/db/index.ts';
import { rolloverMonth } from '../apps/server/src/modules/ranks/rollover.ts';
import { benchPack } from './setup.ts';

const MEMBERS = Number(process.env.BENCH_ROLLOVER_MEMBERS ?? 100_000);
const MONTHS = 12;
/** The month the rollover starts; purchases fall in the twelve months before it. */
const MONTH = '2026-11';

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'gacha-rollover-'));
  const db = openDb(join(dir, 'rollover.sqlite'));
  const failures: string[] = [];
  try {
    await migrate(db);
    const packId = await benchPack(db, 1000, 100);
    const t0 = performance.now();
    const created = '2025-01-01T00:00:00.000Z';
    for (let i = 0; i < MEMBERS; i += 2000) {
      const n = Math.min(2000, MEMBERS - i);
      await db
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, k) => ({
            mail: `rollover-${i + k}@example.com`,
            pass_hash: null,
            last_name: 'Bench',
            middle_name: '',
            first_name: 'Member',
            tel: '',
            zipcode: '',
            pref_id: null,
            pref_text: '',
            shiku: '',
            address: '',
            building: '',
            country_id: null,
            referral_code: `RB${i + k}`,
            created_at: created,
            updated_at: created,
          })),
        )
        .execute();
    }
    // one purchase a member a month for the twelve months before MONTH, the amount spread so every rank occurs
    const [y, m] = MONTH.split('-').map(Number) as [number, number];
    let position = 0;
    for (let back = 1; back <= MONTHS; back++) {
      const at = new Date(Date.UTC(y, m - 1 - back, 10)).toISOString();
      await sql`insert into pack_purchases (user_id, pack_id, count, first_position, currency, base_price,
          discount_percent, price_paid, coin_earned_tenths, created_at)
        select id, ${packId}, 1, ${position} + id, 'gem', (id * 7919) % 3500000, 0, (id * 7919) % 3500000, 0, ${at}
        from users`.execute(db);
      position += MEMBERS + 10;
    }
    const rows = await db
      .selectFrom('pack_purchases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `rollover: ${MEMBERS.toLocaleString('en')} members, ${Number(rows.n).toLocaleString('en')} purchases ` +
        `over ${MONTHS} months, set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const u = process.memoryUsage();
      peakRss = Math.max(peakRss, u.rss);
      peakHeap = Math.max(peakHeap, u.heapUsed);
    }, 20);
    const t1 = performance.now();
    const result = await rolloverMonth(db, MONTH, new Date());
    const ms = performance.now() - t1;
    clearInterval(sampler);
    const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
    console.log(
      `rollover: ${result.members.toLocaleString('en')} members, ${result.written.toLocaleString('en')} rank rows in ` +
        `${(ms / 1000).toFixed(1)} s (${Math.round(result.members / (ms / 1000)).toLocaleString('en')} members/s); ` +
        `peak heap ${mb(peakHeap)} MB (${mb(peakHeap - base.heapUsed)} MB above the start), peak RSS ${mb(peakRss)} MB`,
    );
    const byRank = await db
      .selectFrom('rank_months')
      .select(['rank', (eb) => eb.fn.countAll<number>().as('n')])
      .where('month', '=', MONTH)
      .groupBy('rank')
      .orderBy('rank')
      .execute();
    console.log(
      `rollover: members by rank ${byRank.map((r) => `${r.rank}:${Number(r.n).toLocaleString('en')}`).join(' ')}`,
    );
    const t2 = performance.now();
    const again = await rolloverMonth(db, MONTH, new Date());
    console.log(
      `rollover: run again: ${again.written} rows written in ${((performance.now() - t2) / 1000).toFixed(1)} s`,
    );
    if (result.written !== MEMBERS)
      failures.push(`rollover wrote ${result.written} rows for ${MEMBERS} members`);
    if (again.written !== 0) failures.push(`the second run wrote ${again.written} rows`);
    // streaming: the heap above the start stays far below what holding every member's row would take
    if (peakHeap - base.heapUsed > 200 * 1024 * 1024)
      failures.push('the rollover held more than 200 MB of heap');
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.log(`rollover: BUDGET MISSED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}
