import fastifySse from '@fastify/sse';
import {
  ROOM_LIVE_EVENT,
  ROOM_LIVE_PATH,
  ROOM_PROGRESS_EVENT,
  roomParamsSchema,
  type RoomProgress,
  type RoomStanding,
} from '@gacha/contract/rooms';
import { onAnnounce } from '../../cluster/bus.ts';
import { cachedPack } from '../packs/service.ts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/api-error.ts';
import type { ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import {
  admittedPlaces,
  drawIfDue,
  entryState,
  ROOMS_TOPIC,
  roomOf,
  roomPackOf,
  standingOf,
  startRoomPasses,
  type RoomEntry,
  type RoomPack,
  type RoomRow,
  withPass,
} from './service.ts';
import { roomPassKey, type RoomPassKey } from './pass.ts';

/**
 * A room pushed to every member on its pack page (Server-Sent Events through @fastify/sse; the events are the
 * contract's: a member's own `standing`, and the room's `progress`, one JSON for all). Each process keeps, per
 * pack with someone connected, the room and pack rows and each connection's entry:
 *  - admissions follow the clock: every ADMIT_MS the places that came up are worked out from the rows it holds
 *    (no query), their passes started (one statement) and those members sent their standing; every PROGRESS_MS
 *    the progress goes to everyone when it changed, and the passes that ran out are told; the draw happens with
 *    the first step after the start;
 *  - lots bought, a pause or a resume, a join, in this process or another, are announced on the cache bus
 *    (`rooms`, the pack's id): every process reads the two rows again (and the entries of its members not placed
 *    yet); a pause, a resume or the sell-out is pushed at once, the lots left with the next progress (a hot pack
 *    sells many a second, and a page needs the count once a second, not at every purchase).
 * So a change reaches every connected member within a second and a read, wherever they are connected.
 */
/** How often the places that came up are admitted: a quarter of a second late at most, for a few members each. */
const ADMIT_MS = 250;
/** How often the room's progress is written to every stream (thousands of writes): once a second. */
const PROGRESS_EVERY = 4;
/** The least time between two reads of a room's rows on news from the bus. */
const RELOAD_MS = 400;
/** How long a member's browser waits before it reconnects after a lost stream. */
const RETRY_MS = 2_000;

interface Listener {
  userId: number | null;
  entry: Pick<RoomEntry, 'place' | 'pass_expires_at'> | null;
  /** What of the member's own standing was last sent (`ownKey`), and the progress last sent (its JSON). */
  key: string;
  progress: string;
  /** The member's pass is being started (startPasses writes it). */
  starting: boolean;
  /** The push that last wrote to this stream (LiveRoom.pushes). */
  seq: number;
  /** Sends an event; false when the connection's buffer is still full (the client gets the latest later). */
  send(event: string, json: string): boolean;
  close(): void;
}

/** What a room's stream reads of its server: the clock, whether it is stopping, the key passes are signed with. */
interface Server {
  now(): Date;
  draining(): boolean;
  passKey: RoomPassKey;
}

interface LiveRoom {
  packId: number;
  server: Server;
  room: RoomRow;
  pack: RoomPack;
  listeners: Set<Listener>;
  timer: NodeJS.Timeout;
  /** Admission steps so far: every PROGRESS_EVERY-th also writes the progress. */
  steps: number;
  /** Pushes begun so far. */
  pushes: number;
  /** A push to every stream is under way: the next step's waits for the one after it. */
  pushingAll: boolean;
  /** The draw this process asked for, until its rows are read again. */
  drawing: boolean;
  reloading: Promise<void> | null;
  reloadAgain: boolean;
  /** When the rows were last read, and the read waiting for its turn. */
  reloadedAt: number;
  reloadTimer: NodeJS.Timeout | null;
}

const liveRooms = new WeakMap<Db, Map<number, LiveRoom>>();

function roomsOf(db: Db): Map<number, LiveRoom> {
  let rooms = liveRooms.get(db);
  if (!rooms) {
    const created = new Map<number, LiveRoom>();
    liveRooms.set(db, (rooms = created));
    onAnnounce(db, ROOMS_TOPIC, (payload) => {
      const targets = payload === '*' ? [...created.values()] : [created.get(Number(payload))];
      for (const live of targets) if (live) reload(db, live);
    });
  }
  return rooms;
}

/**
 * Reads the room and pack rows again and pushes, at most every RELOAD_MS: a hot pack sells a lot a moment, and
 * each member's page needs the lots left a few times a second, not at every purchase.
 */
function reload(db: Db, live: LiveRoom): void {
  if (live.reloadTimer) return;
  const wait = live.reloadedAt + RELOAD_MS - Date.now();
  if (wait <= 0) return reloadNow(db, live);
  live.reloadTimer = setTimeout(() => {
    live.reloadTimer = null;
    reloadNow(db, live);
  }, wait);
  live.reloadTimer.unref();
}

/** The read of `reload`, one at a time (a change meanwhile reads once more). */
function reloadNow(db: Db, live: LiveRoom): void {
  live.reloadedAt = Date.now();
  if (live.reloading) {
    live.reloadAgain = true;
    return;
  }
  live.reloading = (async () => {
    do {
      live.reloadAgain = false;
      const wasDrawn = live.room.drawn_at !== null;
      const urgent = (r: RoomRow, p: RoomPack) =>
        `${r.drawn_at}|${r.paused_at}|${p.sold_count >= p.total_pack_count}`;
      const before = urgent(live.room, live.pack);
      const [room, pack] = await Promise.all([roomOf(db, live.packId), roomPackOf(db, live.packId)]);
      if (!room || !pack) return closeRoom(db, live);
      live.room = room;
      live.pack = pack;
      // the draw gave everyone a place; else a member not in yet may have joined, one not placed been placed
      const drawnNow = !wasDrawn && room.drawn_at !== null;
      const stale = [...live.listeners].filter(
        (l) => drawnNow || l.entry === null || (room.drawn_at !== null && l.entry.place === null),
      );
      if (stale.length) await readEntries(db, live, stale);
      // the draw, a pause or a resume and the sell-out go out at once; the lots left with the next progress
      if (drawnNow) void cachedPack(db, live.packId, live.server.now()).catch(() => {}); // before the first buyer
      if (urgent(room, pack) !== before) void pushAll(db, live, live.server.now());
      else if (stale.length) void push(db, live, live.server.now(), stale);
    } while (live.reloadAgain);
  })()
    .catch(() => {}) // the next change or tick tries again
    .finally(() => {
      live.reloading = null;
    });
}

async function readEntries(db: Db, live: LiveRoom, listeners: Listener[]): Promise<void> {
  const members = listeners.filter((l) => l.userId !== null);
  for (let i = 0; i < members.length; i += 500) {
    const chunk = members.slice(i, i + 500);
    const rows = await db
      .selectFrom('room_entries')
      .select(['user_id', 'place', 'pass_expires_at'])
      .where('pack_id', '=', live.packId)
      .where(
        'user_id',
        'in',
        chunk.map((l) => l.userId!),
      )
      .execute();
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    for (const l of chunk) l.entry = byUser.get(l.userId!) ?? null;
  }
}

/** What is the same for every member of the room (contract RoomProgress). */
const progressOf = (s: RoomStanding): RoomProgress => ({
  drawn: s.drawn,
  admitted_places: s.admitted_places,
  admit_per_minute: s.admit_per_minute,
  paused: s.paused,
  lots_left: s.lots_left,
  sold_out: s.sold_out,
});

/** What of a member's standing only their own message tells; the rest follows from the progress. */
const ownKey = (state: string, entry: Listener['entry']) =>
  `${state}|${entry?.place ?? null}|${entry?.pass_expires_at ?? null}`;

/** How many streams a push writes before it lets the server's other work (purchases) run. */
const SLICE = 500;

/**
 * Brings each listener up to date: their whole standing when their own part changed (or on connecting), else the
 * room's progress when it changed (one JSON for all). The members whose place came up get their passes started
 * together (one statement), then their standing. Thousands of streams are written a slice at a time, so a push
 * holds the event loop for a few milliseconds at once; a listener already told by a later push is left as is.
 */
async function push(db: Db, live: LiveRoom, now: Date, listeners: Iterable<Listener> = live.listeners) {
  const seq = ++live.pushes;
  const room = standingOf(live.room, live.pack, null, now);
  const progress = JSON.stringify(progressOf(room));
  const nowMs = now.getTime();
  const all = [...listeners];
  const due: Listener[] = [];
  for (let i = 0; i < all.length; i += SLICE) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    for (let j = i; j < Math.min(i + SLICE, all.length); j++) {
      const l = all[j]!;
      if (l.seq > seq || !live.listeners.has(l)) continue;
      const state = entryState(l.entry, room.admitted_places, nowMs);
      if (state === 'starts_pass' && l.userId !== null) {
        if (!l.starting) due.push(l);
        continue;
      }
      const key = ownKey(state, l.entry);
      if (key !== l.key) {
        const { startsPass: _, ...standing } = standingOf(live.room, live.pack, l.entry, now);
        const own = withPass(standing, live.server.passKey, live.packId, l.userId);
        if (l.send(ROOM_LIVE_EVENT, JSON.stringify(own))) [l.key, l.progress, l.seq] = [key, progress, seq];
      } else if (progress !== l.progress && l.send(ROOM_PROGRESS_EVENT, progress))
        [l.progress, l.seq] = [progress, seq];
    }
  }
  if (due.length) startPasses(db, live, due, now);
}

/** A push to every stream (`push`), one at a time. */
async function pushAll(db: Db, live: LiveRoom, now: Date): Promise<void> {
  live.pushingAll = true;
  try {
    await push(db, live, now);
  } finally {
    live.pushingAll = false;
  }
}

function startPasses(db: Db, live: LiveRoom, due: Listener[], now: Date): void {
  for (const l of due) l.starting = true;
  void startRoomPasses(db, live.room, [...new Set(due.map((l) => l.userId!))], now)
    .then(async (started) => {
      const expiresOf = new Map(started.map((e) => [e.user_id, e.pass_expires_at]));
      for (const l of due) {
        const expires = expiresOf.get(l.userId!);
        if (expires && l.entry) l.entry = { ...l.entry, pass_expires_at: expires };
      }
      // a pass started meanwhile elsewhere (another tab, another process) stands: read it
      const elsewhere = due.filter((l) => !expiresOf.has(l.userId!));
      if (elsewhere.length) await readEntries(db, live, elsewhere);
    })
    .then(() => push(db, live, live.server.now(), due))
    .catch(() => {}) // the next step tries again
    .finally(() => {
      for (const l of due) l.starting = false;
    });
}

/** The listeners whose own standing may have changed with the clock: their place came up, or their pass ran out. */
function clockedListeners(live: LiveRoom, now: Date): Listener[] {
  const admitted = admittedPlaces(live.room, live.pack.start_at, now);
  const nowMs = now.getTime();
  return [...live.listeners].filter((l) => {
    const state = entryState(l.entry, admitted, nowMs);
    return state === 'starts_pass' || state === 'pass_expired';
  });
}

function tick(db: Db, live: LiveRoom): void {
  if (live.server.draining()) return closeRoom(db, live);
  const now = live.server.now();
  if (!live.room.drawn_at && Date.parse(live.pack.start_at) <= now.getTime()) {
    // the start has come: one process draws the order, every process reads it
    if (live.drawing) return;
    live.drawing = true;
    void drawIfDue(db, live.room, live.pack, now)
      .catch(() => false)
      .then(() => reload(db, live))
      .finally(() => {
        live.drawing = false;
      });
    return;
  }
  // once sold out nothing changes with the clock: the sell-out itself was pushed by the purchase's announcement
  if (live.pack.sold_count >= live.pack.total_pack_count) return;
  live.steps += 1;
  if (live.steps % PROGRESS_EVERY === 0 && !live.pushingAll) void pushAll(db, live, now);
  else if (live.room.drawn_at) void push(db, live, now, clockedListeners(live, now));
}

function closeRoom(db: Db, live: LiveRoom): void {
  clearInterval(live.timer);
  if (live.reloadTimer) clearTimeout(live.reloadTimer);
  roomsOf(db).delete(live.packId);
  for (const l of live.listeners) l.close();
  live.listeners.clear();
}

async function watch(db: Db, packId: number, server: Server): Promise<LiveRoom | null> {
  const rooms = roomsOf(db);
  const known = rooms.get(packId);
  if (known) return known;
  const [room, pack] = await Promise.all([roomOf(db, packId), roomPackOf(db, packId)]);
  if (!room || !pack) return null;
  const raced = rooms.get(packId);
  if (raced) return raced;
  const live: LiveRoom = {
    packId,
    server,
    room,
    pack,
    listeners: new Set(),
    timer: setInterval(() => tick(db, live), ADMIT_MS),
    steps: 0,
    pushes: 0,
    pushingAll: false,
    drawing: false,
    reloading: null,
    reloadAgain: false,
    reloadedAt: 0,
    reloadTimer: null,
  };
  live.timer.unref();
  rooms.set(packId, live);
  return live;
}

/** GET /api/user/pack/room/:packId/live: the member's (or a guest's) standing, pushed on every change. */
export const serveRoomLive: ApiPlugin = async (app) => {
  const { db, clock } = app;
  await app.register(fastifySse, { heartbeatInterval: 20_000 });
  const server: Server = {
    now: () => clock.now(),
    draining: () => app.lifecycle.phase === 'draining',
    passKey: roomPassKey(app.config.sessionSecret),
  };
  app.get(
    ROOM_LIVE_PATH,
    {
      sse: { kind: 'only', serializer: (data: string) => data },
      schema: { params: roomParamsSchema },
      config: { envelope: false, ...rateLimitConfig('room') },
    },
    async (req, reply) => {
      const live = await watch(db, req.params.packId, server);
      if (!live) throw notFound('room_not_found');
      const userId = req.user?.id ?? null;
      const entry =
        userId === null
          ? null
          : ((await db
              .selectFrom('room_entries')
              .select(['place', 'pass_expires_at'])
              .where('pack_id', '=', live.packId)
              .where('user_id', '=', userId)
              .executeTakeFirst()) ?? null);
      reply.header('cache-control', 'no-store');
      reply.sse.keepAlive();
      const listener: Listener = {
        userId,
        entry,
        key: '',
        progress: '',
        starting: false,
        seq: 0,
        // written as is (the plugin's send would format and await each of thousands a tick); JSON has no newline
        send: (event, json) => {
          if (reply.raw.writableNeedDrain) return false;
          reply.raw.write(`event: ${event}\ndata: ${json}\n\n`);
          return true;
        },
        close: () => reply.sse.close(),
      };
      await reply.sse.send({ retry: RETRY_MS, data: undefined }).catch(() => {});
      live.listeners.add(listener);
      reply.sse.onClose(() => {
        live.listeners.delete(listener);
        if (live.listeners.size === 0) closeRoom(db, live);
      });
      void push(db, live, clock.now(), [listener]);
    },
  );
};
