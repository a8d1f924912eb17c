/**
 * Pack purchase budgets (ARCHITECTURE.md): buy-1 throughput ≥ 35% of a bare Fastify route in the same
 * process; buy-3000 ≤ 15× the cost of buy-1; 200 buyers racing for the last 100 lots.
 */
import { sql } from 'kysely';
import { writeWorkerOf } from '@gacha/sqlite-engine/write-worker/client';
import { load, startShop, type LoadResult } from './lib.ts';
import { benchMembers, benchPack, envelopeBody, median, postForm } from './setup.ts';

const CT = 'application/x-www-form-urlencoded';
/** Alternating measurements of bare, buy-1 and check. */
const ROUNDS = 5;

export async function run() {
  const shop = await startShop({ bareRoute: true });
  const failures: string[] = [];
  try {
    // 1. buy-1 throughput against the bare route
    const [buyer] = await benchMembers(shop.db, 1, 50_000_000);
    const bigPack = await benchPack(shop.db, 400_000, 1);
    const body1 = await envelopeBody(shop.url, buyer!.cookie, { packId: bigPack, count: '1' });
    const bareRoute = { url: `${shop.url}/bare` };
    const buyRoute = {
      url: `${shop.url}/api/user/pack/buy`,
      method: 'POST' as const,
      headers: { cookie: buyer!.cookie, 'content-type': CT },
      body: body1,
    };
    // the check: the same envelope, session, validation, the purchase rule and its reads, no transaction
    const checkRoute = { ...buyRoute, url: `${shop.url}/api/user/pack/check` };
    // the check's yardstick: the envelope alone (a guest's csrf pair, no session row, no database)
    const guestRoute = { url: `${shop.url}/api/user/point` };
    // Each route first runs 4 s of its load, so all of them are measured JIT-compiled and with warm caches. Then they are measured in
    // alternation, 3 s each, for ROUNDS rounds: a machine whose speed drifts (a shared host) moves bare and buy
    // alike within a round, and the budget is judged on the median of the rounds' ratios.
    for (const route of [bareRoute, buyRoute, checkRoute, guestRoute]) await load({ ...route, duration: 4 });
    const rounds: { bare: LoadResult; buy: LoadResult; check: LoadResult; guest: LoadResult }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const bare = await load({ ...bareRoute, duration: 3 });
      const buy = await load({ ...buyRoute, duration: 3 });
      const check = await load({ ...checkRoute, duration: 3 });
      const guest = await load({ ...guestRoute, duration: 3 });
      rounds.push({ bare, buy, check, guest });
    }
    const usPer = (r: LoadResult) => (1e6 / r.requestsPerSec).toFixed(0);
    for (const [i, r] of rounds.entries()) {
      console.log(`buy: round ${i + 1}: bare Fastify route         `, r.bare);
      console.log(`buy: round ${i + 1}: POST /api/user/pack/check   `, r.check);
      console.log(`buy: round ${i + 1}: POST /api/user/pack/buy ×1  `, r.buy);
      console.log(`buy: round ${i + 1}: GET /api/user/point (guest) `, r.guest);
      console.log(
        `buy: round ${i + 1}: µs per request: bare ${usPer(r.bare)}, guest point ${usPer(r.guest)}, ` +
          `check ${usPer(r.check)}, buy-1 ${usPer(r.buy)}; ` +
          `buy-1 / bare = ${((100 * r.buy.requestsPerSec) / r.bare.requestsPerSec).toFixed(1)}%, ` +
          `check / guest point = ${(r.guest.requestsPerSec / r.check.requestsPerSec).toFixed(2)}×`,
      );
      if (r.buy.non2xx > 0) failures.push(`buy-1 answered ${r.buy.non2xx} non-2xx`);
      if (r.check.non2xx > 0) failures.push(`check answered ${r.check.non2xx} non-2xx`);
    }
    // a member's check costs at most twice the envelope alone, and less than the buy it precedes
    const checkCost = median(rounds.map((r) => r.guest.requestsPerSec / r.check.requestsPerSec));
    const checkVsBuy = median(rounds.map((r) => r.buy.requestsPerSec / r.check.requestsPerSec));
    console.log(
      `buy: check / guest GET /user/point = ${checkCost.toFixed(2)}× the cost (median of ${ROUNDS} rounds; budget ≤ 2×); ` +
        `check / buy-1 = ${checkVsBuy.toFixed(2)}× the cost`,
    );
    if (checkCost > 2) failures.push(`the check costs ${checkCost.toFixed(2)}× a guest GET /user/point > 2×`);
    const worker = writeWorkerOf(shop.db);
    console.log(
      worker
        ? `buy: write worker: ${worker.sent.calls} purchases in ${worker.sent.batches} messages ` +
            `(${(worker.sent.calls / Math.max(1, worker.sent.batches)).toFixed(1)} a message)`
        : 'buy: no write worker: the purchase ran on the server thread',
    );
    const ratio = median(rounds.map((r) => r.buy.requestsPerSec / r.bare.requestsPerSec));
    console.log(
      `buy: buy-1 / bare = ${(ratio * 100).toFixed(1)}% (median of ${ROUNDS} rounds; budget ≥ 35%)`,
    );
    if (ratio < 0.35) failures.push(`buy-1 throughput ${(ratio * 100).toFixed(1)}% of bare < 35%`);

    // 2. buy-3000 against buy-1: sequential latencies, in alternation (7 of buy-1, then one of buy-3000)
    const body3000 = await envelopeBody(shop.url, buyer!.cookie, { packId: bigPack, count: '3000' });
    const timed = async (body: string) => {
      const t0 = performance.now();
      const r = await postForm(shop.url, '/user/pack/buy', buyer!.cookie, body);
      if (r.state !== 200) failures.push(`buy state ${r.state}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await timed(body3000); // warm-up
    const one: number[] = [];
    const many: number[] = [];
    for (let i = 0; i < 15; i++) {
      for (let k = 0; k < 7; k++) one.push(await timed(body1));
      many.push(await timed(body3000));
    }
    const scale = median(many) / median(one);
    console.log(`buy: median buy-1 ${median(one).toFixed(2)} ms, buy-3000 ${median(many).toFixed(2)} ms`);
    console.log(`buy: buy-3000 / buy-1 = ${scale.toFixed(1)}× (budget ≤ 15×)`);
    if (scale > 15) failures.push(`buy-3000 costs ${scale.toFixed(1)}× buy-1 > 15×`);

    // 3. 200 buyers racing for the last 100 lots
    const racePack = await benchPack(shop.db, 1000, 100);
    await sql`update packs set sold_count = 900 where id = ${racePack}`.execute(shop.db);
    const racers = await benchMembers(shop.db, 200, 1_000);
    const bodies = await Promise.all(
      racers.map((m) => envelopeBody(shop.url, m.cookie, { packId: racePack, count: '1' })),
    );
    const t0 = performance.now();
    const answers = await Promise.all(
      racers.map((m, i) => postForm(shop.url, '/user/pack/buy', m.cookie, bodies[i]!)),
    );
    const elapsed = performance.now() - t0;
    const ok = answers.filter((a) => a.state === 200).length;
    const soldOut = answers.filter((a) => a.state === 409).length;
    const pack = await shop.db
      .selectFrom('packs')
      .select('sold_count')
      .where('id', '=', racePack)
      .executeTakeFirstOrThrow();
    const ids = racers.map((r) => r.id);
    const won = await shop.db
      .selectFrom('won_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pack_id', '=', racePack)
      .executeTakeFirstOrThrow();
    const spent = await shop.db
      .selectFrom('gem_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('s'))
      .where('user_id', 'in', ids)
      .where('reason', '=', 'pack_purchase')
      .executeTakeFirstOrThrow();
    // every sold position once, and exactly the last 100 of the pack (900…999)
    const sold = await shop.db
      .selectFrom('won_items')
      .select('position')
      .where('pack_id', '=', racePack)
      .where('position', 'is not', null)
      .execute();
    const positions = sold.map((r) => Number(r.position)).sort((a, b) => a - b);
    const distinct = new Set(positions).size;
    const lastHundred = positions.length === 100 && positions.every((p, i) => p === 900 + i);
    // the purchases' ranges: 100 of one lot each, covering 900…999
    const claimed = await shop.db
      .selectFrom('pack_purchases')
      .select((eb) => [
        eb.fn.sum<number>('count').as('n'),
        eb.fn.min('first_position').as('lo'),
        eb.fn.max(sql<number>`first_position + count - 1`).as('hi'),
      ])
      .where('pack_id', '=', racePack)
      .executeTakeFirstOrThrow();
    const lots = await shop.db
      .selectFrom('gem_lots')
      .select((eb) => [eb.fn.min('remaining').as('min'), eb.fn.sum<number>('remaining').as('sum')])
      .where('user_id', 'in', ids)
      .executeTakeFirstOrThrow();
    console.log(
      `race: 200 buyers / 100 lots in ${elapsed.toFixed(0)} ms (${Math.round((200 / elapsed) * 1000)} req/s): ` +
        `${ok} bought, ${soldOut} sold out, sold_count ${pack.sold_count}, won items ${won.n}, ` +
        `gems debited ${-Number(spent.s)}, min lot remaining ${lots.min}`,
    );
    console.log(
      `race: sold positions ${positions.length}, distinct ${distinct}, ` +
        `range ${positions[0] ?? '-'}…${positions.at(-1) ?? '-'} of 0…999, ` +
        `exactly the last 100: ${lastHundred ? 'yes' : 'NO'}; lots bought ${claimed.n} ` +
        `(positions ${claimed.lo ?? '-'}…${claimed.hi ?? '-'})`,
    );
    if (distinct !== positions.length)
      failures.push(`race: ${positions.length - distinct} positions sold twice`);
    if (!lastHundred) failures.push('race: the sold positions are not exactly 900…999');
    if (Number(claimed.n) !== 100 || Number(claimed.lo) !== 900 || Number(claimed.hi) !== 999)
      failures.push(
        `race: pack_lots bought ${claimed.n} in ${claimed.lo}…${claimed.hi}, expected 100 in 900…999`,
      );
    if (ok !== 100 || soldOut !== 100)
      failures.push(`race: ${ok} bought / ${soldOut} refused, expected 100/100`);
    if (pack.sold_count !== 1000) failures.push(`race: sold_count ${pack.sold_count} ≠ 1000`);
    if (Number(won.n) !== 100) failures.push(`race: ${won.n} won items ≠ 100`);
    if (-Number(spent.s) !== 100 * 100) failures.push(`race: gems debited ${-Number(spent.s)} ≠ 10000`);
    if (Number(lots.sum) !== 200 * 1000 - 100 * 100) failures.push(`race: balances sum ${lots.sum} wrong`);
    if (Number(lots.min) < 0) failures.push('race: a negative balance');
  } finally {
    await shop.close();
  }
  if (failures.length) {
    console.log(`buy: BUDGET MISSED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}
