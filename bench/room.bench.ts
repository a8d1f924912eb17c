/**
 * Release room (docs/fairness.md § 10): ROOM_MEMBERS (10,000) funded members join a hot pack's room before its
 * start and keep its live stream open (Server-Sent Events), against the real server on PostgreSQL with two
 * processes (the cluster, `start:cluster`; REDIS_URL carries the cache bus when set, else PostgreSQL's
 * notifications). At the start the order is drawn; places are admitted ROOM_RATE (6,000) a minute; every member
 * buys one lot the moment the push says they are admitted, until the ROOM_LOTS (1,000) lots are gone and everyone
 * still waiting is told it sold out.
 *
 * Prints: how long joining and connecting took; the admitted members' purchases (p50, p99, max); and how late the
 * pushes were, measured against when each change happened by the room's rule: the drawn place (from the start),
 * a place's admission (its due time from the start of admission and the rate), the places admitted so far (each waiting member's next place count), and the
 * sell-out (from the purchase that took the last lot). Budgets: purchases p99 ≤ 1 s; every push within 2 s.
 * Checks: every lot sold once, no purchase without an admitted pass, the ledgers add up.
 */
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { applyRoomProgress, type RoomProgress, type RoomStanding } from '@gacha/contract/rooms';
import { migrate } from '../apps/server/src/db/index.ts';
import { checkLedgers } from '../apps/server/src/db/ledger-check.ts';
import { commandWrite } from '../apps/server/src/modules/admin/service.ts';
import { ADMISSION_SETTLE_MS } from '../apps/server/src/modules/rooms/service.ts';
import { openRoom } from '../apps/server/src/modules/rooms/staff.ts';
import { RawPool } from './raw-http.ts';
import { benchPack } from './setup.ts';
import { benchDatabase, buildServer, fundedMembers, SERVER, startServer } from './shop-processes.ts';

const MEMBERS = Number(process.env.ROOM_MEMBERS ?? 10_000);
const LOTS = Number(process.env.ROOM_LOTS ?? 1_000);
const RATE = Number(process.env.ROOM_RATE ?? 6_000);
/** Seconds from the bench's start to the pack's: joining and connecting must be done by then. */
const LEAD_S = Number(process.env.ROOM_LEAD_SECONDS ?? 120);
const PASS_S = 60;

/** One member's live stream over a raw socket: the chunked body decoded, each event applied and timed. */
class Stream {
  events: Array<{ at: number; s: RoomStanding }> = [];
  onStanding: (s: RoomStanding, at: number) => void = () => {};
  private raw = '';
  private body = '';
  private headDone = false;
  private socket!: Socket;

  static open(port: number, packId: number, cookie: string): Promise<Stream> {
    const stream = new Stream();
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.off('error', reject);
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => stream.read(chunk));
        socket.on('error', () => {});
        socket.write(
          `GET /api/user/pack/room/${packId}/live HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n` +
            `accept: text/event-stream\r\ncookie: ${cookie}\r\n\r\n`,
        );
        resolve(stream);
      });
      stream.socket = socket;
      socket.once('error', reject);
    });
  }

  close() {
    this.socket.destroy();
  }

  private read(chunk: string) {
    this.raw += chunk;
    if (!this.headDone) {
      const end = this.raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.headDone = true;
      this.raw = this.raw.slice(end + 4);
    }
    // chunked transfer: <hex size>\r\n<bytes>\r\n (latin1 keeps byte offsets)
    for (;;) {
      const lineEnd = this.raw.indexOf('\r\n');
      if (lineEnd < 0) break;
      const size = parseInt(this.raw.slice(0, lineEnd), 16);
      if (this.raw.length < lineEnd + 2 + size + 2) break;
      this.body += this.raw.slice(lineEnd + 2, lineEnd + 2 + size);
      this.raw = this.raw.slice(lineEnd + 2 + size + 2);
    }
    let end;
    while ((end = this.body.indexOf('\n\n')) >= 0) {
      const block = this.body.slice(0, end);
      this.body = this.body.slice(end + 2);
      const own = block.startsWith('event: standing');
      const held = this.events.at(-1)?.s;
      if (!own && !(block.startsWith('event: progress') && held)) continue;
      const data = JSON.parse(
        Buffer.from(block.slice(block.indexOf('data: ') + 6), 'latin1').toString('utf8'),
      );
      const at = performance.now();
      // as the page does: the room's progress applied to the member's standing
      const s = own ? (data as RoomStanding) : applyRoomProgress(held!, data as RoomProgress);
      this.events.push({ at, s });
      this.onStanding(s, at);
    }
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1) ?? NaN };
};
const fmt = (x: { n: number; p50: number; p99: number; max: number }) =>
  `${x.n} measured, p50 ${Math.round(x.p50)} ms, p99 ${Math.round(x.p99)} ms, max ${Math.round(x.max)} ms`;

async function inBatches<T, R>(items: T[], size: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map((x, k) => fn(x, i + k)))));
  return out;
}

export async function run() {
  buildServer();
  const { db, env, cleanup } = await benchDatabase(true);
  const problems: string[] = [];
  try {
    await migrate(db);
    const t0 = performance.now();
    const lag = monitorEventLoopDelay({ resolution: 20 });
    const wallStart = Date.now();
    const startAt = new Date(wallStart + LEAD_S * 1000);
    const packId = await benchPack(db, LOTS, 10);
    await db.updateTable('packs').set({ start_at: startAt.toISOString() }).where('id', '=', packId).execute();
    await openRoom(commandWrite(db), packId, {
      minutesBefore: 60,
      admitPerMinute: RATE,
      passSeconds: PASS_S,
    });
    const cookies = await fundedMembers(db, MEMBERS, 100);
    const server = await startServer(
      SERVER.primary,
      { ...env, CLUSTER_WORKERS: '2', RATE_LIMITS: '0' },
      '"msg":"cluster ready"',
    );
    const port = Number(new URL(server.url).port);
    const pool = new RawPool(server.url, Number(process.env.ROOM_SOCKETS ?? 500));
    const streams: Stream[] = [];
    let buyPool: RawPool | null = null;
    try {
      // everyone joins before the start (the csrf pair of the answer serves their purchase later, with the pass)
      await pool.warm();
      const joinStart = performance.now();
      const buyBodies = await inBatches(cookies, 1000, async (cookie) => {
        const point = JSON.parse((await pool.send(pool.request('GET', '/api/user/point', cookie))).body) as {
          csrf: { name: string; value: string };
        };
        const form = (payload: unknown, csrf: { name: string; value: string }) =>
          new URLSearchParams({
            csrf_name: csrf.name,
            csrf_value: csrf.value,
            json: JSON.stringify(payload),
          }).toString();
        const joined = JSON.parse(
          (
            await pool.send(
              pool.request('POST', '/api/user/pack/room/join', cookie, form({ packId }, point.csrf)),
            )
          ).body,
        ) as { state: number; csrf: { name: string; value: string } };
        if (joined.state !== 200) problems.push(`a join answered ${joined.state}`);
        return (roomPass: string) => form({ packId, count: '1', roomPass }, joined.csrf);
      });
      const joinMs = performance.now() - joinStart;

      // every member keeps the room's stream open; an admitted member buys at once
      const purchases: Array<{ ms: number; state: number; sent: number }> = [];
      const buy = (i: number, roomPass: string) => {
        const sent = performance.now();
        void buyPool!
          .send(buyPool!.request('POST', '/api/user/pack/buy', cookies[i]!, buyBodies[i]!(roomPass)))
          .then(
            (a) => Number(/"state":(\d+)/.exec(a.body)?.[1] ?? 0),
            () => 0,
          )
          .then((state) => purchases.push({ ms: performance.now() - sent, state, sent }));
      };
      const connectStart = performance.now();
      await inBatches(cookies, 250, async (cookie, i) => {
        const s = await Stream.open(port, packId, cookie);
        let bought = false;
        s.onStanding = (standing) => {
          if (standing.standing === 'admitted' && standing.pass && !bought) {
            bought = true;
            buy(i, standing.pass);
          }
        };
        streams[i] = s;
      });
      const connectMs = performance.now() - connectStart;
      const setupS = (performance.now() - t0) / 1000;
      console.log(
        `room: ${MEMBERS} members joined in ${Math.round(joinMs)} ms (${Math.round((MEMBERS / joinMs) * 1000)}/s), ` +
          `their streams open in ${Math.round(connectMs)} ms; ${Math.round(LEAD_S - setupS)} s to the start`,
      );
      if (setupS > LEAD_S)
        problems.push(`setup took ${setupS.toFixed(0)} s, past the start (ROOM_LEAD_SECONDS)`);

      // the purchases go through connections opened just before the start (idle ones the server closes)
      const startPerf = t0 + (startAt.getTime() - wallStart);
      await new Promise((r) => setTimeout(r, Math.max(0, startPerf - 10_000 - performance.now())));
      buyPool = new RawPool(server.url, Number(process.env.ROOM_SOCKETS ?? 500));
      await buyPool.warm();
      lag.enable();

      // until the sale is over and everyone waiting was told, or a minute past the time it should take
      const expectedMs = (LOTS / RATE) * 60_000;
      const deadline = startPerf + ADMISSION_SETTLE_MS + expectedMs + 60_000;
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const told = streams.filter((s) => s.events.at(-1)?.s.sold_out).length;
        const bought = purchases.filter((p) => p.state === 200).length;
        if ((bought >= LOTS && told === MEMBERS) || performance.now() > deadline) break;
      }
      await new Promise((r) => setTimeout(r, 1_000)); // late purchases answered
      lag.disable();

      // --- purchases ---
      const ok = purchases.filter((p) => p.state === 200);
      const buys = summary(purchases.map((p) => p.ms));
      console.log(
        `room: purchases of admitted members: ${fmt(buys)}; ${ok.length} bought, ` +
          `${purchases.length - ok.length} refused (sold out by then)`,
      );
      if (buys.p99 > 1_000) problems.push(`purchases p99 ${Math.round(buys.p99)} ms > 1,000 ms`);
      const slowest = [...purchases].sort((x, y) => y.ms - x.ms).slice(0, 5);
      console.log(
        `room: the slowest purchases, sent at (s after the start) → ms: ` +
          slowest.map((x) => `${((x.sent - startPerf) / 1000).toFixed(1)} → ${Math.round(x.ms)}`).join(', '),
      );
      console.log(
        `room: this process (all the members' browsers) lagged p99 ${Math.round(lag.percentile(99) / 1e6)} ms, ` +
          `max ${Math.round(lag.max / 1e6)} ms during the sale`,
      );

      // --- pushes ---
      const due = (places: number) => startPerf + ADMISSION_SETTLE_MS + (places / RATE) * 60_000;
      const admissionLate: number[] = [];
      const placesLate: number[] = [];
      const soldOutLate: number[] = [];
      const ordered = [...ok].sort((a, b) => a.sent + a.ms - (b.sent + b.ms));
      // the sell-out happened no earlier than the request of the purchase that answered last of those that bought
      const lastLot = ordered.at(-1);
      const soldOutAt = lastLot ? lastLot.sent : NaN;
      let untold = 0;
      const drawnLate: number[] = [];
      for (const s of streams) {
        const drawn = s.events.find((e) => e.s.drawn && e.s.place !== null);
        if (drawn) drawnLate.push(drawn.at - startPerf);
        let seen = 0;
        for (const { at, s: st } of s.events) {
          if (!st.drawn) continue;
          if (st.standing === 'admitted' && st.place !== null && seen < st.place) {
            admissionLate.push(at - due(st.place));
            seen = st.place;
          } else if (st.standing === 'waiting' && !st.sold_out && st.admitted_places > seen) {
            placesLate.push(at - due(seen + 1));
            seen = st.admitted_places;
          }
        }
        const told = s.events.find((e) => e.s.sold_out);
        const admitted = s.events.some((e) => e.s.standing === 'admitted');
        if (told && !admitted) soldOutLate.push(told.at - soldOutAt);
        if (!told && !admitted) untold++;
      }
      const a = summary(admissionLate);
      const p = summary(placesLate);
      const so = summary(soldOutLate);
      const d = summary(drawnLate);
      console.log(`room: push of the drawn place after the start: ${fmt(d)}`);
      console.log(`room: push of an admission after its due time: ${fmt(a)}`);
      console.log(`room: push of the places admitted (to those waiting) after the change: ${fmt(p)}`);
      console.log(`room: push of the sell-out to those still waiting: ${fmt(so)}; ${untold} never told`);
      for (const [name, x] of [
        ['drawn place', d],
        ['admission', a],
        ['places', p],
        ['sell-out', so],
      ] as const)
        if (!(x.max <= 2_000)) problems.push(`${name} pushes up to ${Math.round(x.max)} ms > 2,000 ms`);
      if (untold) problems.push(`${untold} waiting members never told the pack sold out`);
      if (drawnLate.length !== MEMBERS)
        problems.push(`${MEMBERS - drawnLate.length} members never told their place`);

      // --- invariants ---
      problems.push(...(await checkLedgers(db)).problems);
      const pack = await db
        .selectFrom('packs')
        .select(['sold_count', 'total_pack_count'])
        .where('id', '=', packId)
        .executeTakeFirstOrThrow();
      if (pack.sold_count !== LOTS || ok.length !== LOTS)
        problems.push(`sold ${pack.sold_count} of ${LOTS} lots, ${ok.length} purchases answered 200`);
      const lots = await db
        .selectFrom('won_items')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.count<number>('position').distinct().as('d'),
        ])
        .where('pack_id', '=', packId)
        .executeTakeFirst()
        .catch(() => null);
      if (lots && Number(lots.n) !== Number(lots.d)) problems.push(`${lots.n} won items for ${lots.d} lots`);
      const passless = await db
        .selectFrom('pack_purchases as p')
        .leftJoin('room_entries as e', (j) =>
          j.onRef('e.user_id', '=', 'p.user_id').onRef('e.pack_id', '=', 'p.pack_id'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.pack_id', '=', packId)
        .where((eb) =>
          eb.or([eb('e.admitted_at', 'is', null), eb('e.admitted_at', '>', eb.ref('p.created_at'))]),
        )
        .executeTakeFirstOrThrow();
      if (Number(passless.n) > 0) problems.push(`${passless.n} purchases without an admitted pass`);
    } finally {
      for (const s of streams) s?.close();
      pool.close();
      buyPool?.close();
      await server.stop();
    }
  } finally {
    await cleanup();
  }
  console.log(
    `room: ${MEMBERS} members, ${LOTS} lots, ${RATE} admitted a minute on PostgreSQL ×2: ` +
      (problems.length ? `BUDGET MISSED:\n  ${problems.join('\n  ')}` : 'budgets and invariants hold'),
  );
  if (problems.length) process.exitCode = 1;
}
