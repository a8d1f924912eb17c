import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import { pgPoolOf, type Db } from '../db/index.ts';

/**
 * Cache invalidation across server processes. A module that keeps a copy of rows in memory (the pack
 * cache, the Top banners) listens to a topic on its database handle and announces a change after it commits;
 * every handler of that topic on that handle runs at once in this process, and every other process attached
 * to the same database hears it within milliseconds through the bus: Redis pub/sub when REDIS_URL is set, else
 * PostgreSQL LISTEN/NOTIFY, else (the embedded SQLite file, one process) nothing beyond this process.
 *
 * A bus that lost its connection cannot know what it missed: when it is back it tells every listener to drop
 * everything (`'*'`), so a copy is never older than the outage.
 */
export type Handler = (payload: string) => void;

export interface Bus {
  readonly kind: 'local' | 'redis' | 'postgres';
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** What a bus calls with what another process announced. */
type Deliver = (topic: string, payload: string) => void;

interface Channel {
  handlers: Map<string, Set<Handler>>;
  bus: Bus | null;
}

const channels = new WeakMap<Db, Channel>();

function channelOf(db: Db): Channel {
  let c = channels.get(db);
  if (!c) {
    c = { handlers: new Map(), bus: null };
    channels.set(db, c);
  }
  return c;
}

function deliver(db: Db, topic: string, payload: string) {
  const handlers = channelOf(db).handlers;
  const run = (set: Set<Handler> | undefined, p: string) => {
    for (const h of set ?? []) h(p);
  };
  if (topic === '*') for (const set of handlers.values()) run(set, '*');
  else run(handlers.get(topic), payload);
}

/** Runs `handler` whenever `topic` is announced on `db` (here or, through its bus, in another process). */
export function onAnnounce(db: Db, topic: string, handler: Handler): void {
  const handlers = channelOf(db).handlers;
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
}

/**
 * Tells every listener of `topic` on `db`, here at once and in the other processes through the bus. A bus that
 * fails to send is logged by its owner; the other processes' copies then expire by their own bound (TTL).
 */
export function announce(db: Db, topic: string, payload: string): void {
  deliver(db, topic, payload);
  const bus = channels.get(db)?.bus;
  if (bus) void bus.publish(topic, payload).catch(() => {});
}

export interface BusLog {
  warn(obj: object, msg: string): void;
}

/**
 * Attaches the bus for `db`: Redis pub/sub when `redisUrl` is given, else LISTEN/NOTIFY on PostgreSQL, else none.
 * Answers once the bus listens (a change announced after that reaches this process).
 */
export async function attachBus(db: Db, opts: { redisUrl: string; log?: BusLog }): Promise<Bus | null> {
  const channel = channelOf(db);
  if (channel.bus) return channel.bus;
  const log = opts.log ?? { warn: () => {} };
  const onMessage: Deliver = (topic, payload) => deliver(db, topic, payload);
  let bus: Bus | null = null;
  if (opts.redisUrl) bus = await redisBus(opts.redisUrl, await namespaceOf(db), onMessage, log);
  else if (isPostgres(db)) bus = await postgresBus(db, await namespaceOf(db), onMessage, log);
  channel.bus = bus;
  return bus;
}

/** Detaches and closes `db`'s bus. */
export async function detachBus(db: Db): Promise<void> {
  const channel = channels.get(db);
  const bus = channel?.bus;
  if (!channel || !bus) return;
  channel.bus = null;
  await bus.close();
}

/**
 * The name processes of one shop share: the PostgreSQL schema (tests run one schema per file on one database),
 * or the SQLite file's path. Processes of two shops on one Redis do not hear each other.
 */
async function namespaceOf(db: Db): Promise<string> {
  if (!isPostgres(db)) return 'sqlite';
  const r = await sql<{
    d: string;
    s: string;
  }>`select current_database() as d, current_schema() as s`.execute(db);
  return `${r.rows[0]!.d}.${r.rows[0]!.s}`;
}

interface Wire {
  o: string;
  t: string;
  p: string;
}
/** Each bus signs what it sends and skips its own messages (its process heard them at once). */
const encode = (origin: string, topic: string, payload: string) =>
  JSON.stringify({ o: origin, t: topic, p: payload });
function decode(origin: string, text: string, onMessage: Deliver) {
  try {
    const m = JSON.parse(text) as Wire;
    if (m.o !== origin && typeof m.t === 'string' && typeof m.p === 'string') onMessage(m.t, m.p);
  } catch {
    // not ours
  }
}

async function redisBus(url: string, namespace: string, onMessage: Deliver, log: BusLog): Promise<Bus> {
  const name = `gacha:invalidate:${namespace}`;
  const options = { connectTimeout: 2000, maxRetriesPerRequest: 1 };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  pub.on('error', (err) => log.warn({ err }, 'redis (cache bus, publish)'));
  sub.on('error', (err) => log.warn({ err }, 'redis (cache bus, subscribe)'));
  const origin = randomUUID();
  sub.on('message', (_channel: string, text: string) => decode(origin, text, onMessage));
  let subscribed = false;
  sub.on('ready', () => {
    // ioredis subscribes again by itself after a reconnect; what was said meanwhile is lost
    if (subscribed) onMessage('*', '*');
  });
  await sub.subscribe(name);
  subscribed = true;
  return {
    kind: 'redis',
    async publish(topic, payload) {
      await pub.publish(name, encode(origin, topic, payload));
    },
    async close() {
      await Promise.all([sub.quit().catch(() => sub.disconnect()), pub.quit().catch(() => pub.disconnect())]);
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), NOTIFY through the pool. The
 * channel name carries the namespace (a hash: identifiers are limited to 63 bytes).
 */
async function postgresBus(db: Db, namespace: string, onMessage: Deliver, log: BusLog): Promise<Bus> {
  const pool = pgPoolOf(db)!;
  const name = `gacha_inv_${createHash('sha256').update(namespace).digest('hex').slice(0, 24)}`;
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (again: boolean) => {
    const c = new pg.Client(pool.options);
    c.on('notification', (n) => {
      if (n.channel === name && n.payload) decode(origin, n.payload, onMessage);
    });
    c.on('error', (err) => {
      log.warn({ err }, 'postgres (cache bus)');
      reconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${name}`);
    if (closed) return void (await c.end());
    client = c;
    if (again) onMessage('*', '*');
  };
  const reconnect = () => {
    const old = client;
    client = null;
    void old?.end().catch(() => {});
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((err: unknown) => {
        log.warn({ err }, 'postgres (cache bus): reconnect failed');
        reconnect();
      });
    }, 500);
    retry.unref();
  };
  await connect(false);
  return {
    kind: 'postgres',
    async publish(topic, payload) {
      await pool.query('select pg_notify($1, $2)', [name, encode(origin, topic, payload)]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
