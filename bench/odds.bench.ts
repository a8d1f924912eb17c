/**
 * Live odds: the read every open pack page polls while the pack sells. It must be cheap and must not
 * slow the purchase path. Figures: the first read of a 400,000-lot pack (its pool loaded once into memory), a
 * warm read's cost against the envelope alone (a guest's GET /user/point; budget ≤ 2×), and buy-1 throughput
 * alone against buy-1 with readers polling that pack's odds at a steady 200 requests a second — while every
 * purchase changes the answer, so each new sold count is computed — and against the same rate of guest reads.
 */
import { load, startShop, type LoadResult } from './lib.ts';
import { benchMembers, benchPack, envelopeBody, median } from './setup.ts';

const CT = 'application/x-www-form-urlencoded';
const ROUNDS = 3;
const POLL_RATE = 200;

export async function run() {
  const shop = await startShop();
  const failures: string[] = [];
  try {
    const [buyer] = await benchMembers(shop.db, 1, 50_000_000);
    const pack = await benchPack(shop.db, 400_000, 1);
    const oddsUrl = `${shop.url}/api/user/pack/odds/${pack}`;

    const t0 = performance.now();
    const first = await fetch(oddsUrl);
    const firstMs = performance.now() - t0;
    if ((await first.json()).state !== 200) failures.push('the odds answered no state 200');
    console.log(`odds: first read of a 400,000-lot pack (its pool loaded): ${firstMs.toFixed(0)} ms`);

    const body = await envelopeBody(shop.url, buyer!.cookie, { packId: pack, count: '1' });
    const buyRoute = {
      url: `${shop.url}/api/user/pack/buy`,
      method: 'POST' as const,
      headers: { cookie: buyer!.cookie, 'content-type': CT },
      body,
    };
    const oddsRoute = { url: oddsUrl };
    const guestRoute = { url: `${shop.url}/api/user/point` };
    for (const route of [buyRoute, oddsRoute, guestRoute]) await load({ ...route, duration: 3 });

    // Each round: buy-1 alone; buy-1 while readers poll the odds at a steady rate; the same with the cheapest
    // envelope read (a guest's GET /user/point) polled instead, the yardstick of "a read beside the purchases";
    // then the two reads' own cost at full load. A shared host's drift moves them alike within a round.
    type Round = Record<
      'alone' | 'withOdds' | 'odds' | 'withGuest' | 'guestPoll' | 'oddsFull' | 'guestFull',
      LoadResult
    >;
    const rounds: Round[] = [];
    const beside = (route: { url: string }) =>
      Promise.all([
        load({ ...buyRoute, duration: 3 }),
        load({ ...route, duration: 3, connections: 10, overallRate: POLL_RATE }),
      ]);
    for (let i = 0; i < ROUNDS; i++) {
      const alone = await load({ ...buyRoute, duration: 3 });
      const [withOdds, odds] = await beside(oddsRoute);
      const [withGuest, guestPoll] = await beside(guestRoute);
      const oddsFull = await load({ ...oddsRoute, duration: 3 });
      const guestFull = await load({ ...guestRoute, duration: 3 });
      rounds.push({ alone, withOdds, odds, withGuest, guestPoll, oddsFull, guestFull });
    }
    for (const [i, r] of rounds.entries()) {
      console.log(`odds: round ${i + 1}: POST /api/user/pack/buy ×1 alone                 `, r.alone);
      console.log(
        `odds: round ${i + 1}: buy ×1 beside GET /user/pack/odds at ${POLL_RATE}/s    `,
        r.withOdds,
      );
      console.log(
        `odds: round ${i + 1}: buy ×1 beside GET /user/point (guest) at ${POLL_RATE}/s`,
        r.withGuest,
      );
      console.log(`odds: round ${i + 1}: GET /api/user/pack/odds (warm, full load)       `, r.oddsFull);
      console.log(`odds: round ${i + 1}: GET /api/user/point (guest, full load)          `, r.guestFull);
      for (const [name, x] of Object.entries(r)) {
        if (x.non2xx > 0 || x.errors > 0) failures.push(`${name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
      }
    }
    const m = (f: (r: Round) => number) => median(rounds.map(f));
    const cost = m((r) => r.guestFull.requestsPerSec / r.oddsFull.requestsPerSec);
    const us = (rps: number) => (1e6 / rps).toFixed(0);
    console.log(
      `odds: a warm odds read costs ${cost.toFixed(2)}× a guest GET /user/point ` +
        `(${us(m((r) => r.oddsFull.requestsPerSec))} µs vs ${us(m((r) => r.guestFull.requestsPerSec))} µs; budget ≤ 2×)`,
    );
    console.log(
      `odds: buy-1 throughput beside ${POLL_RATE} reads/s: ${(100 * m((r) => r.withOdds.requestsPerSec / r.alone.requestsPerSec)).toFixed(1)}% of alone ` +
        `with the odds polled, ${(100 * m((r) => r.withGuest.requestsPerSec / r.alone.requestsPerSec)).toFixed(1)}% with the guest point polled ` +
        `(medians of ${ROUNDS} rounds: what a read costs the purchases on this machine, odds against the cheapest read)`,
    );
    if (cost > 2) failures.push(`an odds read costs ${cost.toFixed(2)}× a guest GET /user/point > 2×`);
  } finally {
    await shop.close();
  }
  if (failures.length) {
    console.log(`odds: BUDGET MISSED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}
