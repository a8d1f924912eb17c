/**
 * Release storm (ARCHITECTURE.md budgets): STORM_MEMBERS (1,000) members with funded balances buy
 * STORM_COUNT (1) packs each from one hot pack at the same moment, against the real server in processes of its own
 * (the bench process only sends): SQLite with one process, PostgreSQL with one process and with two (the
 * cluster, `start:cluster`). Prints throughput (members served per second of the storm), p50 and p99 latency, and
 * the invariant check: every buyer answered 200, no lot sold twice, no negative balance, sold = the pack's
 * decrease, the ledgers add up (db/ledger-check.ts). Budgets: p99 ≤ 3× p50; PostgreSQL with 2 processes ≥ SQLite
 * with 1 (reported; a miss is explained in the issue note, see README).
 *
 * STORM_MODES=sqlite-1,pg-1,pg-2 picks the runs; DATABASE_URL (default postgres://127.0.0.1:5432/test) the
 * PostgreSQL server; REDIS_URL, when set, carries the rate limits and the cache bus as in production;
 * STORM_SERVER_LOG=<file> keeps the servers' whole log there (the first errors are printed with a failed run).
 * Each run also prints the CPU the machine spent per buyer (server, bench, the rest): on a machine whose cores
 * the database, the servers and the bench share, that is what bounds the throughput.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { migrate } from '../apps/server/src/db/index.ts';
import { checkLedgers } from '../apps/server/src/db/ledger-check.ts';
import { RawPool } from './raw-http.ts';
import { benchPack } from './setup.ts';
import {
  benchDatabase,
  buildServer,
  csrfBody,
  fundedMembers,
  SERVER,
  startServer,
} from './shop-processes.ts';

const MEMBERS = Number(process.env.STORM_MEMBERS ?? 1000);
const COUNT = Number(process.env.STORM_COUNT ?? 1);
const WARMUP = 200;

type Mode = 'sqlite-1' | 'pg-1' | 'pg-2';

/**
 * Where the machine's CPU went during the storm (Linux /proc; zeros elsewhere), in CPU milliseconds: the whole
 * machine, the server's processes (the primary and its workers), this bench (the senders), PostgreSQL's and
 * Redis's processes; the rest is the kernel's own work (softirqs of the loopback network) and anything else. On a machine whose cores are shared by all of them, CPU per buyer is what caps throughput.
 */
interface CpuSplit {
  machine: number;
  server: number;
  bench: number;
  /** PostgreSQL's processes (the postmaster's tree) */
  postgres: number;
  redis: number;
}
const TICK_MS = 10; // USER_HZ is 100 on Linux
function machineBusyMs(): number {
  if (!existsSync('/proc/stat')) return 0;
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  return (n.reduce((a, b) => a + b, 0) - n[3]! - n[4]!) * TICK_MS; // all but idle and iowait
}
interface ProcCpu {
  pid: number;
  ppid: number;
  name: string;
  cpu: number;
}
function processes(): ProcCpu[] {
  if (!existsSync('/proc/stat')) return [];
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        // fields after the command name (which may hold spaces): state ppid … utime(14) stime(15)
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const rest = stat.replace(/^.*\) /, '').split(' ');
        return {
          pid: Number(d),
          ppid: Number(rest[1]),
          name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
          cpu: (Number(rest[11]) + Number(rest[12])) * TICK_MS,
        };
      } catch {
        return undefined;
      }
    })
    .filter((p) => p !== undefined);
}
function treeCpuMs(procs: ProcCpu[], root: number): number {
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
  }
  return procs.filter((p) => inTree.has(p.pid)).reduce((s, p) => s + p.cpu, 0);
}
function cpuNow(serverPid: number): CpuSplit {
  const u = process.cpuUsage();
  const procs = processes();
  const named = (name: string) => procs.filter((p) => p.name === name).reduce((s, p) => s + p.cpu, 0);
  return {
    machine: machineBusyMs(),
    server: treeCpuMs(procs, serverPid),
    bench: (u.user + u.system) / 1000,
    postgres: named('postgres'),
    redis: named('redis-server'),
  };
}

interface StormResult {
  mode: Mode;
  /** CPU ms per buyer during the storm */
  cpu: CpuSplit;
  members: number;
  throughput: number;
  p50: number;
  p99: number;
  wallMs: number;
  ok: number;
  problems: string[];
}

/**
 * At most STORM_SOCKETS (1,000) connections at once, as a proxy in front keeps a bounded pool: 10,000 connects at
 * once overflow a listening socket's backlog (511) and the kernel resets some; the requests beyond wait for a
 * connection, and that wait is part of their latency.
 */
const SOCKETS = Number(process.env.STORM_SOCKETS ?? 1000);

async function inBatches<T, R>(items: T[], size: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function storm(mode: Mode): Promise<StormResult> {
  buildServer();
  const pg = mode !== 'sqlite-1';
  const { db, env, cleanup } = await benchDatabase(pg);
  try {
    await migrate(db);
    const lots = (MEMBERS + WARMUP) * COUNT * 2;
    const packId = await benchPack(db, lots, 10);
    const cookies = await fundedMembers(db, MEMBERS + WARMUP, 10 * COUNT * 10);
    const server =
      mode === 'pg-2'
        ? await startServer(SERVER.primary, { ...env, CLUSTER_WORKERS: '2' }, '"msg":"cluster ready"')
        : await startServer(SERVER.main, env, '"msg":"ready"');
    const pool = new RawPool(server.url, Math.min(SOCKETS, MEMBERS));
    try {
      const payload = { packId, count: String(COUNT) };
      await pool.warm();
      const bodies = await Promise.all(cookies.map((c) => csrfBody(pool, c, payload)));
      const requests = cookies.map((c, i) => pool.request('POST', '/api/user/pack/buy', c, bodies[i]));
      const buy = async (i: number) => {
        const t0 = performance.now();
        // a request that got no answer (a reset connection) is a buyer not served: state 0
        const state = await pool.send(requests[i]!).then(
          (a) => Number(/"state":(\d+)/.exec(a.body)?.[1] ?? 0),
          () => 0,
        );
        return { state, ms: performance.now() - t0, end: performance.now() };
      };
      // warm-up: other members, 20 at a time (JIT, caches, pool connections)
      const warm = cookies.map((_, i) => i).slice(MEMBERS);
      await inBatches(warm, 20, buy);
      const before = await db
        .selectFrom('packs')
        .select('sold_count')
        .where('id', '=', packId)
        .executeTakeFirstOrThrow();

      // the storm: every member at once
      const cpu0 = cpuNow(server.pid);
      const start = performance.now();
      const answers = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => buy(i)));
      const wallMs = Math.max(...answers.map((a) => a.end)) - start;
      const cpu1 = cpuNow(server.pid);
      const perBuyer = (k: keyof CpuSplit) => (cpu1[k] - cpu0[k]) / MEMBERS;
      const cpu = {
        machine: perBuyer('machine'),
        server: perBuyer('server'),
        bench: perBuyer('bench'),
        postgres: perBuyer('postgres'),
        redis: perBuyer('redis'),
      };
      const lat = answers.map((a) => a.ms).sort((a, b) => a - b);
      const ok = answers.filter((a) => a.state === 200).length;

      const problems = (await checkLedgers(db)).problems;
      const after = await db
        .selectFrom('packs')
        .select('sold_count')
        .where('id', '=', packId)
        .executeTakeFirstOrThrow();
      if (ok !== MEMBERS)
        problems.push(
          `${MEMBERS - ok} buyers not served (states ${[...new Set(answers.map((a) => a.state))].join(', ')}); ` +
            `the server's first errors:\n${server.errors.join('\n')}`,
        );
      if (after.sold_count - before.sold_count !== ok * COUNT)
        problems.push(
          `the pack decreased by ${after.sold_count - before.sold_count}, ${ok * COUNT} packs sold`,
        );
      const negative = await db
        .selectFrom('gem_lots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('remaining', '<', 0)
        .executeTakeFirstOrThrow();
      if (Number(negative.n) > 0) problems.push(`${negative.n} negative lots`);
      return {
        mode,
        members: MEMBERS,
        throughput: Math.round((MEMBERS / wallMs) * 1000),
        p50: Math.round(quantile(lat, 0.5)),
        p99: Math.round(quantile(lat, 0.99)),
        wallMs: Math.round(wallMs),
        cpu,
        ok,
        problems,
      };
    } finally {
      pool.close();
      const b = await server.stop();
      if (pg)
        console.log(
          `storm: ${mode} purchases in ${b.batches} batches (${b.calls} calls, ${(b.calls / Math.max(1, b.batches)).toFixed(1)} a batch, ${(b.statementMs / Math.max(1, b.batches)).toFixed(1)} ms a statement), ${b.handedBack} handed back`,
        );
    }
  } finally {
    await cleanup();
  }
}

export async function run() {
  const modes = (process.env.STORM_MODES ?? 'sqlite-1,pg-1,pg-2').split(',') as Mode[];
  const results: StormResult[] = [];
  for (const mode of modes) {
    const r = await storm(mode);
    results.push(r);
    console.log(
      `storm: ${r.mode.padEnd(8)} ${r.members} buyers × ${COUNT}: ${r.throughput} buyers/s (all answered in ${r.wallMs} ms), ` +
        `p50 ${r.p50} ms, p99 ${r.p99} ms (p99/p50 ${(r.p99 / Math.max(1, r.p50)).toFixed(2)}), ` +
        `served ${r.ok}/${r.members}, invariants ${r.problems.length ? `BROKEN: ${r.problems.join('; ')}` : 'hold'}`,
    );
    const { machine, server, bench, postgres, redis } = r.cpu;
    const rest = machine - server - bench - postgres - redis;
    console.log(
      `storm: ${r.mode.padEnd(8)} CPU per buyer: ${machine.toFixed(2)} ms on the machine = server ${server.toFixed(2)} + bench ${bench.toFixed(2)} + PostgreSQL ${postgres.toFixed(2)} + Redis ${redis.toFixed(2)} + the rest ${rest.toFixed(2)}`,
    );
  }
  const failures: string[] = [];
  for (const r of results) {
    if (r.problems.length) failures.push(`${r.mode}: ${r.problems.join('; ')}`);
    if (r.p99 > 3 * r.p50) failures.push(`${r.mode}: p99 ${r.p99} ms > 3 × p50 ${r.p50} ms`);
  }
  const sqlite = results.find((r) => r.mode === 'sqlite-1');
  const pg2 = results.find((r) => r.mode === 'pg-2');
  if (sqlite && pg2) {
    const ratio = pg2.throughput / sqlite.throughput;
    console.log(
      `storm: PostgreSQL ×2 / SQLite ×1 throughput = ${ratio.toFixed(2)} (budget ≥ 1, or explained)`,
    );
    if (ratio < 1)
      failures.push(`PostgreSQL with 2 processes reached ${(ratio * 100).toFixed(0)}% of SQLite with 1`);
  }
  if (failures.length) {
    console.log(`storm: BUDGET MISSED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}
