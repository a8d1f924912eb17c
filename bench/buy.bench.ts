/**
 * Pack purchase budgets (ARCHITECTURE.md): buy-1 throughput ≥ 35% of a bare Fastify route in the same
 * process; buy-3000 ≤ 15× the cost of buy-1; 200 buyers racing for the last 100 lots.
 */
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { load, startShop } from './lib.ts';
import { benchMembers, benchPack, envelopeBody, median, postForm } from './setup.ts';

const CT = 'application/x-www-form-urlencoded';

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
    // for reference, where the time goes: the same envelope, session, validation and reads, no transaction
    const checkRoute = { ...buyRoute, url: `${shop.url}/api/user/pack/check` };
    // each route is measured after 2 s of the same load, so both sides run JIT-compiled code
    const measure = async (route: autocannon.Options) => {
      await load({ ...route, duration: 2 });
      return load({ ...route, duration: 5 });
    };
    const bare = await measure(bareRoute);
    const buy1 = await measure(buyRoute);
    const check1 = await measure(checkRoute);
    const ratio = buy1.requestsPerSec / bare.requestsPerSec;
    console.log('buy: bare Fastify route        ', bare);
    console.log(
      'buy: POST /api/user/pack/check  ',
      check1,
      '(the envelope and the reads of a purchase, no transaction; for reference)',
    );
    console.log('buy: POST /api/user/pack/buy ×1 ', buy1);
    const usPer = (r: { requestsPerSec: number }) => 1e6 / r.requestsPerSec;
    console.log(
      `buy: µs per request: bare ${usPer(bare).toFixed(0)}, check ${usPer(check1).toFixed(0)}, buy-1 ${usPer(buy1).toFixed(0)}`,
    );
    console.log(`buy: buy-1 / bare = ${(ratio * 100).toFixed(1)}% (budget ≥ 35%)`);
    if (buy1.non2xx > 0) failures.push(`buy-1 answered ${buy1.non2xx} non-2xx`);
    if (ratio < 0.35) failures.push(`buy-1 throughput ${(ratio * 100).toFixed(1)}% of bare < 35%`);

    // 2. buy-3000 against buy-1, sequential latencies
    const one: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      const r = await postForm(shop.url, '/user/pack/buy', buyer!.cookie, body1);
      one.push(performance.now() - t0);
      if (r.state !== 200) failures.push(`buy-1 state ${r.state}`);
    }
    const body3000 = await envelopeBody(shop.url, buyer!.cookie, { packId: bigPack, count: '3000' });
    const many: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      const r = await postForm(shop.url, '/user/pack/buy', buyer!.cookie, body3000);
      many.push(performance.now() - t0);
      if (r.state !== 200) failures.push(`buy-3000 state ${r.state}`);
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
