import { roomOrder } from '@gacha/contract/room-order';
import { sql, type Selectable, type Transaction } from 'kysely';
import { announce } from '../../cluster/bus.ts';
import { cachedRows } from '../../cluster/cached-rows.ts';
import { commitWithoutFlushWait } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { Database, ReleaseRoomsTable, RoomEntriesTable } from '../../db/schema.ts';
import type { RoomStanding } from '@gacha/contract/rooms';
import { ApiError, notFound } from '../../http/api-error.ts';
import { packPhase } from '../packs/service.ts';
import { roomPassValid, signRoomPass, type RoomPassKey } from './pass.ts';

export { roomPassKey } from './pass.ts';

type Executor = Db | Transaction<Database>;

/**
 * Release rooms (docs/fairness.md § 10): a hot pack's waiting room. Members join from `opens_at` and get an
 * arrival number; at the pack's start the order of those in the room is drawn by the room's committed seed
 * (contract room-order.ts) and later arrivals follow; places are admitted at the staff's rate, counted from
 * ADMISSION_SETTLE_MS after the start without the time the room was paused; an admitted member holds a signed pass (pass.ts) for
 * `pass_seconds`, and while a room is on a pack, nobody buys without one (`requireRoomPass`, which the purchase
 * checks).
 *
 * Nothing here needs a job: the draw happens with the first call after the start (exactly once: a conditional
 * update claims it), and a place is admitted when its member (or their purchase) next asks.
 */

/** The packs that have a room, kept in memory: a pack without one costs its purchase nothing. */
const roomPacks = cachedRows('release_rooms', 5_000, (db) =>
  db.selectFrom('release_rooms').select('pack_id').execute(),
);

export const forgetRooms = (db: Db) => roomPacks.forget(db);

/** The cache bus topic of a room's change (its pack's id): the live streams of every process read it again. */
export const ROOMS_TOPIC = 'rooms';

const changeTimers = new WeakMap<Db, Map<number, NodeJS.Timeout>>();

/**
 * Tells every process that a room's pack or row changed (lots bought, a pause), for its live streams. Purchases
 * of a hot pack come hundreds a second: the announcements of one pack are gathered to one every 100 ms.
 */
export async function roomChanged(db: Db, packId: number): Promise<void> {
  if (!(await hasRoom(db, packId))) return;
  let timers = changeTimers.get(db);
  if (!timers) changeTimers.set(db, (timers = new Map()));
  if (timers.has(packId)) return;
  const timer = setTimeout(() => {
    timers.delete(packId);
    announce(db, ROOMS_TOPIC, String(packId));
  }, 100);
  timer.unref();
  timers.set(packId, timer);
}

export async function hasRoom(db: Db, packId: number): Promise<boolean> {
  return (await roomPacks.read(db)).some((r) => r.pack_id === packId);
}

export function roomOf(ex: Executor, packId: number) {
  return ex.selectFrom('release_rooms').selectAll().where('pack_id', '=', packId).executeTakeFirst();
}

function entryOf(ex: Executor, packId: number, userId: number) {
  return ex
    .selectFrom('room_entries')
    .selectAll()
    .where('pack_id', '=', packId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What a room's standing reads of its pack: the start, the end and the lots. */
export function roomPackOf(ex: Executor, packId: number) {
  return ex
    .selectFrom('packs')
    .select(['start_at', 'end_at', 'total_pack_count', 'sold_count'])
    .where('id', '=', packId)
    .executeTakeFirst();
}

export type RoomRow = Selectable<ReleaseRoomsTable>;
export type RoomEntry = Selectable<RoomEntriesTable>;
export type RoomPack = NonNullable<Awaited<ReturnType<typeof roomPackOf>>>;

export const roomRefusal = (status: number, key: 'room_not_open' | 'room_pass_required') =>
  new ApiError(status, { message: key, extra: { reason: key } });

/**
 * Draws the order of everyone in the room once the pack's start has come: the first caller after the start
 * claims the draw with a conditional update of the room row, numbers the entries it finds in the order they were
 * recorded (arrival 1, 2, 3, …) and gives each its drawn place. Later calls find it drawn; a join recorded too
 * late for the draw's read is placed after it, as an arrival after the start (`placeLateArrivals`).
 */
export async function ensureDrawn(db: Db, packId: number, now: Date): Promise<void> {
  const [room, pack] = await Promise.all([roomOf(db, packId), roomPackOf(db, packId)]);
  if (room && pack) await drawIfDue(db, room, pack, now);
}

/** The draw of `ensureDrawn` for a room and pack already read; answers whether it happened now. */
export async function drawIfDue(db: Db, room: RoomRow, pack: RoomPack, now: Date): Promise<boolean> {
  if (room.drawn_at || Date.parse(pack.start_at) > now.getTime()) return false;
  const packId = room.pack_id;
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .updateTable('release_rooms')
      .set({ drawn_at: now.toISOString() })
      .where('pack_id', '=', packId)
      .where('drawn_at', 'is', null)
      .returning(['seed'])
      .executeTakeFirst();
    if (!claimed) return false;
    const ids = await unnumbered(tx, packId);
    const arrivals = ids.map((_, i) => i + 1);
    const placeOf = new Map(roomOrder(claimed.seed, arrivals).map((arrival, i) => [arrival, i + 1]));
    await numberEntries(
      tx,
      ids.map((id, i) => ({ id, arrival: i + 1, place: placeOf.get(i + 1)! })),
      true,
    );
    await tx
      .updateTable('release_rooms')
      .set({ arrivals: ids.length, places: ids.length })
      .where('pack_id', '=', packId)
      .execute();
    return true;
  });
}

/** The room's entries not numbered yet, in the order they were recorded. */
async function unnumbered(ex: Executor, packId: number): Promise<number[]> {
  const rows = await ex
    .selectFrom('room_entries')
    .select('id')
    .where('pack_id', '=', packId)
    .where('arrival', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Gives entries their arrival numbers and places, a few hundred a statement. */
async function numberEntries(
  tx: Executor,
  entries: { id: number; arrival: number; place: number }[],
  atStart: boolean,
): Promise<void> {
  const caseOf = (value: (e: (typeof entries)[number]) => number, chunk: typeof entries) =>
    sql<number>`case id ${sql.join(
      chunk.map((e) => sql`when ${e.id} then cast(${value(e)} as integer)`),
      sql` `,
    )} end`;
  for (let i = 0; i < entries.length; i += 400) {
    const chunk = entries.slice(i, i + 400);
    await tx
      .updateTable('room_entries')
      .set({
        arrival: caseOf((e) => e.arrival, chunk),
        place: caseOf((e) => e.place, chunk),
        at_start: atStart ? 1 : 0,
      })
      .where(
        'id',
        'in',
        chunk.map((e) => e.id),
      )
      .execute();
  }
}

/**
 * Places the members who joined after the draw at the end, in the order their entries were recorded: one caller
 * at a time holds the room row and numbers every entry waiting, so a rush of late joins is placed a batch at a
 * time. A placing lost in a crash is redone by the next caller.
 */
export async function placeLateArrivals(db: Db, packId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await commitWithoutFlushWait(tx);
    const room = await tx
      .updateTable('release_rooms')
      .set((eb) => ({ arrivals: eb.ref('arrivals') }))
      .where('pack_id', '=', packId)
      .where('drawn_at', 'is not', null)
      .returning(['arrivals', 'places'])
      .executeTakeFirst();
    if (!room) return;
    const ids = await unnumbered(tx, packId);
    if (!ids.length) return;
    await numberEntries(
      tx,
      ids.map((id, i) => ({ id, arrival: room.arrivals + i + 1, place: room.places + i + 1 })),
      false,
    );
    await tx
      .updateTable('release_rooms')
      .set({ arrivals: room.arrivals + ids.length, places: room.places + ids.length })
      .where('pack_id', '=', packId)
      .execute();
  });
}

/**
 * A member joins the room: one entry per member whatever the tabs or devices (a second join answers the first
 * entry). Nothing but the entry is written, so joins do not queue behind each other: before the start the entry
 * waits for the draw; after it, it is placed at the end at once. Answers the member's standing.
 */
export async function joinRoom(
  db: Db,
  packId: number,
  userId: number,
  now: Date,
  passKey: RoomPassKey,
): Promise<RoomStanding> {
  const [opened, pack] = await Promise.all([roomOf(db, packId), roomPackOf(db, packId)]);
  let room = opened;
  if (!room || !pack) throw notFound('room_not_found');
  if (room.opens_at > now.toISOString()) throw roomRefusal(409, 'room_not_open');
  // a join after the start comes after the draw
  if (await drawIfDue(db, room, pack, now)) room = (await roomOf(db, packId))!;
  await db
    .insertInto('room_entries')
    .values({ pack_id: packId, user_id: userId, arrival: null, place: null, joined_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['pack_id', 'user_id']).doNothing())
    .execute();
  let entry = (await entryOf(db, packId, userId))!;
  if (entry.place === null && room.drawn_at) {
    await placeLateArrivals(db, packId);
    entry = (await entryOf(db, packId, userId))!;
  }
  return standingFrom(db, room, pack, entry, now, passKey);
}

/**
 * Admission begins this long after the pack's start: the order is drawn at the start and every member in the room
 * is told their place before the first place is admitted (at 10,000 members, telling them takes about a second).
 */
export const ADMISSION_SETTLE_MS = 3_000;

/** When a room's admission begins (ms since the epoch): ADMISSION_SETTLE_MS after its pack's start. */
export const admissionStartMs = (startAt: string) => Date.parse(startAt) + ADMISSION_SETTLE_MS;

/**
 * How many places have been admitted by `now`: the staff's rate over the time since admission began, pauses left
 * out.
 */
export function admittedPlaces(
  room: { admit_per_minute: number; paused_at: string | null; paused_ms: number },
  startAt: string,
  now: Date,
): number {
  const until = room.paused_at ? Date.parse(room.paused_at) : now.getTime();
  const activeMs = until - admissionStartMs(startAt) - room.paused_ms;
  return activeMs <= 0 ? 0 : Math.floor((activeMs / 60_000) * room.admit_per_minute);
}

export type RoomState = RoomStanding['standing'];

/**
 * Where a member stands, from the room, its pack and their entry (none: not joined, a guest too): waiting
 * (before the draw, or with `ahead` places before theirs), admitted (their pass until `pass_expires_at`), or their
 * pass ran out. An admitted entry without a pass yet is shown the pass it would get now; `startsPass` says so
 * (roomStanding writes it). The one rule of the REST answer and the pushed one.
 */
export function standingOf(
  room: RoomRow,
  pack: RoomPack,
  entry: Pick<RoomEntry, 'place' | 'pass_expires_at'> | null,
  now: Date,
): RoomStanding & { startsPass: boolean } {
  const drawn = room.drawn_at !== null;
  const admitted = drawn ? admittedPlaces(room, pack.start_at, now) : 0;
  const lotsLeft = Math.max(0, pack.total_pack_count - pack.sold_count);
  const base = {
    commitment: room.commitment,
    opens_at: room.opens_at,
    starts_at: pack.start_at,
    drawn,
    admitted_places: admitted,
    admit_per_minute: room.admit_per_minute,
    paused: room.paused_at !== null,
    lots_left: lotsLeft,
    sold_out: lotsLeft === 0,
  };
  const none = {
    place: null,
    ahead: null,
    pass_expires_at: null,
    pass: null,
    wait_seconds: null,
    startsPass: false,
  };
  const state = entryState(entry, admitted, now.getTime());
  if (!entry || state === 'not_joined') return { ...base, ...none, standing: 'not_joined' };
  if (state === 'waiting') {
    const ahead = entry.place === null ? null : entry.place - admitted - 1;
    const wait =
      entry.place === null || base.paused ? null : admissionWaitSeconds(room, admitted, entry.place);
    return { ...base, ...none, standing: 'waiting', place: entry.place, ahead, wait_seconds: wait };
  }
  const startsPass = state === 'starts_pass';
  return {
    ...base,
    standing: startsPass ? 'admitted' : state,
    place: entry.place,
    ahead: 0,
    pass_expires_at: entry.pass_expires_at ?? passExpiry(room, now),
    pass: null,
    wait_seconds: 0,
    startsPass,
  };
}

const passExpiry = (room: Pick<RoomRow, 'pass_seconds'>, now: Date) =>
  new Date(now.getTime() + room.pass_seconds * 1000).toISOString();

/** Where an entry stands against the places admitted: the decision of `standingOf`, without building it. */
export function entryState(
  entry: Pick<RoomEntry, 'place' | 'pass_expires_at'> | null,
  admitted: number,
  nowMs: number,
): 'not_joined' | 'waiting' | 'starts_pass' | 'admitted' | 'pass_expired' {
  if (!entry) return 'not_joined';
  if (entry.place === null || entry.place > admitted) return 'waiting';
  if (entry.pass_expires_at === null) return 'starts_pass';
  return Date.parse(entry.pass_expires_at) > nowMs ? 'admitted' : 'pass_expired';
}

/** The standing with the member's signed pass while they are admitted (`standingOf` leaves it out). */
export function withPass(
  standing: RoomStanding,
  passKey: RoomPassKey,
  packId: number,
  userId: number | null,
): RoomStanding {
  if (standing.standing !== 'admitted' || userId === null || !standing.pass_expires_at) return standing;
  return { ...standing, pass: signRoomPass(passKey, packId, userId, standing.pass_expires_at) };
}

/**
 * About how many seconds until `place` is admitted at the room's rate, from the places admitted so far: the rule
 * the page applies to the pushed progress (contract applyRoomProgress), so the estimate moves with the places.
 */
function admissionWaitSeconds(
  room: Pick<RoomRow, 'admit_per_minute'>,
  admitted: number,
  place: number,
): number {
  return Math.max(0, Math.ceil(((place - admitted) * 60) / room.admit_per_minute));
}

/**
 * A member's (or a guest's: `userId` null) standing in a pack's room, null when the pack has none. The first
 * call that finds the member's place admitted starts their pass.
 */
export async function roomStanding(
  db: Db,
  packId: number,
  userId: number | null,
  now: Date,
  passKey: RoomPassKey,
): Promise<RoomStanding | null> {
  if (!(await hasRoom(db, packId))) return null;
  const read = () =>
    Promise.all([
      roomOf(db, packId),
      roomPackOf(db, packId),
      userId === null ? Promise.resolve(undefined) : entryOf(db, packId, userId),
    ]);
  let [room, pack, entry] = await read();
  if (!room || !pack) return null;
  const placeLate = entry && entry.place === null && room.drawn_at !== null;
  if ((await drawIfDue(db, room, pack, now)) || placeLate) {
    if (placeLate) await placeLateArrivals(db, packId);
    [room, pack, entry] = await read();
  }
  if (!room || !pack) return null;
  return standingFrom(db, room, pack, entry ?? null, now, passKey);
}

/**
 * Starts the passes of members whose place has come up, all in one statement (the live streams start those of
 * their members as their places come up): each only once, a pass already started stands. Answers the passes it
 * started.
 */
export async function startRoomPasses(
  db: Db,
  room: RoomRow,
  userIds: number[],
  now: Date,
): Promise<{ user_id: number; pass_expires_at: string | null }[]> {
  if (!userIds.length) return [];
  return db
    .updateTable('room_entries')
    .set({
      admitted_at: now.toISOString(),
      pass_expires_at: passExpiry(room, now),
    })
    .where('pack_id', '=', room.pack_id)
    .where('user_id', 'in', userIds)
    .where('admitted_at', 'is', null)
    .returning(['user_id', 'pass_expires_at'])
    .execute();
}

/**
 * The standing of `standingOf` with the member's pass, started (written) if their place has just come up.
 */
async function standingFrom(
  db: Db,
  room: RoomRow,
  pack: RoomPack,
  entry: RoomEntry | null,
  now: Date,
  passKey: RoomPassKey,
): Promise<RoomStanding> {
  const { startsPass, ...standing } = standingOf(room, pack, entry, now);
  if (!startsPass || !entry) return withPass(standing, passKey, room.pack_id, entry?.user_id ?? null);
  await db
    .updateTable('room_entries')
    .set({ admitted_at: now.toISOString(), pass_expires_at: standing.pass_expires_at })
    .where('id', '=', entry.id)
    .where('admitted_at', 'is', null)
    .execute();
  // a parallel call may have started it first: its pass stands
  const started = (await entryOf(db, entry.pack_id, entry.user_id)) ?? null;
  const { startsPass: _started, ...after } = standingOf(room, pack, started, now);
  return withPass(after, passKey, room.pack_id, entry.user_id);
}

/** The pass a check or a buy brings (`roomPass` of its body), and the key it is checked with. */
export interface GivenRoomPass {
  pass: string | undefined;
  key: RoomPassKey;
}

/**
 * The purchase's gate: on a pack with a room, once the pack's start has come, only a member bringing their valid
 * signed pass may check or buy (403 `room_pass_required` otherwise); it reads nothing but the signature. Before
 * the start the purchase rule's own refusal (not started) stands; a pack without a room passes at no cost.
 */
export async function requireRoomPass(
  db: Db,
  pack: { id: number; start_at: string },
  userId: number,
  given: GivenRoomPass | undefined,
  now: Date,
): Promise<void> {
  if (!(await hasRoom(db, pack.id)) || Date.parse(pack.start_at) > now.getTime()) return;
  if (given && roomPassValid(given.key, given.pass, pack.id, userId, now)) return;
  throw roomRefusal(403, 'room_pass_required');
}

/**
 * A room's public record: the commitment from the opening; once drawn, every entry in place order as its
 * anonymous arrival number (the signed-in member's own marked); the seed when the room closes, that is when the
 * pack sold out or its sale ended. What tools/verify-room.mjs reads.
 */
export async function roomRecord(db: Db, packId: number, userId: number | null, now: Date) {
  await ensureDrawn(db, packId, now);
  const [room, pack] = await Promise.all([roomOf(db, packId), roomPackOf(db, packId)]);
  if (!room || !pack) throw notFound('room_not_found');
  const phase = packPhase(pack, now);
  const revealed = phase === 'sold_out' || phase === 'ended';
  const entries = room.drawn_at
    ? await db
        .selectFrom('room_entries')
        .select(['arrival', 'place', 'at_start', 'admitted_at', 'user_id'])
        .where('pack_id', '=', packId)
        .where('place', 'is not', null)
        .orderBy('place')
        .execute()
    : [];
  return {
    pack_id: packId,
    commitment: room.commitment,
    seed: revealed ? room.seed : null,
    revealed,
    entries: entries.map((e) => ({
      arrival: e.arrival!, // numbered with its place
      place: e.place!,
      at_start: e.at_start === 1,
      admitted_at: e.admitted_at,
      mine: e.user_id === userId,
    })),
  };
}
