import fastifySse from '@fastify/sse';
import { ROOM_LIVE_EVENT, ROOM_LIVE_PATH, roomParamsSchema } from '@gacha/contract/rooms';
import { onAnnounce } from '../../cluster/bus.ts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/api-error.ts';
import type { ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import {
  drawIfDue,
  ROOMS_TOPIC,
  roomOf,
  roomPackOf,
  roomStanding,
  standingOf,
  type RoomEntry,
  type RoomPack,
  type RoomRow,
} from './service.ts';

/**
 * A room's standing pushed to every member on its pack page (Server-Sent Events through @fastify/sse). Each
 * process keeps, per pack with someone connected, the room and pack rows and each connection's entry, and sends
 * a member their standing whenever it changes:
 *  - admissions follow the clock: a tick each second works out the admitted places from the rows it holds
 *    (no query), and draws the order when the start comes;
 *  - lots bought, a pause or a resume, a join, in this process or another, are announced on the cache bus
 *    (`rooms`, the pack's id): every process reads the two rows again (and the entries of its members not placed
 *    yet) and pushes what changed.
 * So a change reaches every connected member within a tick and a read, wherever they are connected.
 */
const TICK_MS = 1_000;
/** How long a member's browser waits before it reconnects after a lost stream. */
const RETRY_MS = 2_000;

interface Listener {
  userId: number | null;
  entry: Pick<RoomEntry, 'place' | 'pass_expires_at'> | null;
  /** The last standing sent (its JSON): an unchanged standing is not sent again. */
  last: string;
  /** The member's pass is being started (roomStanding writes it). */
  starting: boolean;
  send(json: string): void;
  close(): void;
}

/** What a room's stream reads of its server: the clock, and whether it is stopping. */
interface Server {
  now(): Date;
  draining(): boolean;
}

interface LiveRoom {
  packId: number;
  server: Server;
  room: RoomRow;
  pack: RoomPack;
  listeners: Set<Listener>;
  timer: NodeJS.Timeout;
  reloading: Promise<void> | null;
  reloadAgain: boolean;
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

/** Reads the room and pack rows again (once at a time; a change meanwhile reads once more) and pushes. */
function reload(db: Db, live: LiveRoom): void {
  if (live.reloading) {
    live.reloadAgain = true;
    return;
  }
  live.reloading = (async () => {
    do {
      live.reloadAgain = false;
      const wasDrawn = live.room.drawn_at !== null;
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
      push(db, live, live.server.now());
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

/** Sends each listener its standing when it changed; starts the pass of a member whose place came up. */
function push(db: Db, live: LiveRoom, now: Date): void {
  for (const l of live.listeners) {
    const { startsPass, ...standing } = standingOf(live.room, live.pack, l.entry, now);
    if (startsPass && l.userId !== null) {
      if (!l.starting) startPass(db, live, l, now);
      continue;
    }
    const json = JSON.stringify(standing);
    if (json === l.last) continue;
    l.last = json;
    l.send(json);
  }
}

function startPass(db: Db, live: LiveRoom, l: Listener, now: Date): void {
  l.starting = true;
  void roomStanding(db, live.packId, l.userId, now)
    .then((standing) => {
      if (!standing) return;
      l.entry = { place: standing.place, pass_expires_at: standing.pass_expires_at };
      push(db, live, live.server.now());
    })
    .catch(() => {})
    .finally(() => {
      l.starting = false;
    });
}

function tick(db: Db, live: LiveRoom): void {
  if (live.server.draining()) return closeRoom(db, live);
  const now = live.server.now();
  if (!live.room.drawn_at && Date.parse(live.pack.start_at) <= now.getTime()) {
    // the start has come: one process draws the order, every process reads it
    void drawIfDue(db, live.room, live.pack, now)
      .catch(() => false)
      .then(() => reload(db, live));
    return;
  }
  // once sold out nothing changes with the clock: the sell-out itself was pushed by the purchase's announcement
  if (live.pack.sold_count >= live.pack.total_pack_count) return;
  push(db, live, now);
}

function closeRoom(db: Db, live: LiveRoom): void {
  clearInterval(live.timer);
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
    timer: setInterval(() => tick(db, live), TICK_MS),
    reloading: null,
    reloadAgain: false,
  };
  live.timer.unref();
  rooms.set(packId, live);
  return live;
}

/** GET /api/user/pack/room/:packId/live: the member's (or a guest's) standing, pushed on every change. */
export const serveRoomLive: ApiPlugin = async (app) => {
  const { db, clock } = app;
  await app.register(fastifySse, { heartbeatInterval: 20_000 });
  const server: Server = { now: () => clock.now(), draining: () => app.lifecycle.phase === 'draining' };
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
        last: '',
        starting: false,
        send: (json) => void reply.sse.send({ event: ROOM_LIVE_EVENT, data: json }).catch(() => {}),
        close: () => reply.sse.close(),
      };
      await reply.sse.send({ retry: RETRY_MS, data: undefined }).catch(() => {});
      live.listeners.add(listener);
      reply.sse.onClose(() => {
        live.listeners.delete(listener);
        if (live.listeners.size === 0) {
          clearInterval(live.timer);
          roomsOf(db).delete(live.packId);
        }
      });
      push(db, live, clock.now());
    },
  );
};
