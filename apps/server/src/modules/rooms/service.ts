import { roomOrder } from '@gacha/contract/room-order';
import type { Transaction } from 'kysely';
import { cachedRows } from '../../cluster/cached-rows.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { packPhase } from '../packs/service.ts';

type Executor = Db | Transaction<Database>;

/**
 * Release rooms (docs/fairness.md § 10): a hot pack's waiting room. Members join from `opens_at` and get an
 * arrival number; at the pack's start the order of those in the room is drawn by the room's committed seed
 * (contract room-order.ts) and later arrivals follow; places are admitted at the staff's rate, counted from the
 * start without the time the room was paused; an admitted member holds a pass for `pass_seconds`, and while a
 * room is on a pack, nobody buys without one (`requireRoomPass`, which the purchase checks).
 *
 * Nothing here needs a job: the draw happens with the first call after the start (exactly once: a conditional
 * update claims it), and a place is admitted when its member (or their purchase) next asks.
 */

/** The packs that have a room, kept in memory: a pack without one costs its purchase nothing. */
const roomPacks = cachedRows('release_rooms', 5_000, (db) =>
  db.selectFrom('release_rooms').select('pack_id').execute(),
);

export const forgetRooms = (db: Db) => roomPacks.forget(db);

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

function startOf(ex: Executor, packId: number) {
  return ex.selectFrom('packs').select(['start_at']).where('id', '=', packId).executeTakeFirst();
}

export const roomRefusal = (status: number, key: 'room_not_open' | 'room_pass_required') =>
  new ApiError(status, { message: key, extra: { reason: key } });

/**
 * Draws the order of everyone in the room once the pack's start has come: the first caller after the start
 * claims the draw with a conditional update of the room row (which also holds back any join until it commits),
 * then gives each entry its place. Later calls find it drawn.
 */
export async function ensureDrawn(db: Db, packId: number, now: Date): Promise<void> {
  const room = await roomOf(db, packId);
  if (!room || room.drawn_at) return;
  const pack = await startOf(db, packId);
  if (!pack || Date.parse(pack.start_at) > now.getTime()) return;
  await db.transaction().execute(async (tx) => {
    const claimed = await tx
      .updateTable('release_rooms')
      .set({ drawn_at: now.toISOString() })
      .where('pack_id', '=', packId)
      .where('drawn_at', 'is', null)
      .returning(['seed'])
      .executeTakeFirst();
    if (!claimed) return;
    const arrivals = (
      await tx.selectFrom('room_entries').select('arrival').where('pack_id', '=', packId).execute()
    ).map((e) => e.arrival);
    const order = roomOrder(claimed.seed, arrivals);
    for (const [i, arrival] of order.entries()) {
      await tx
        .updateTable('room_entries')
        .set({ place: i + 1, at_start: 1 })
        .where('pack_id', '=', packId)
        .where('arrival', '=', arrival)
        .execute();
    }
    await tx
      .updateTable('release_rooms')
      .set({ places: order.length })
      .where('pack_id', '=', packId)
      .execute();
  });
}

/**
 * A member joins the room: one entry per member whatever the tabs or devices (a second join answers the first
 * entry). Before the start the entry waits for the draw; after it, it takes the next place at the end.
 */
export async function joinRoom(db: Db, packId: number, userId: number, now: Date) {
  await ensureDrawn(db, packId, now);
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (tx) => {
      const mine = await entryOf(tx, packId, userId);
      if (mine) return mine;
      // the room row's update hands out the numbers and queues joins behind a draw in progress
      const room = await tx
        .updateTable('release_rooms')
        .set((eb) => ({
          arrivals: eb('arrivals', '+', 1),
          places: eb('places', '+', eb.case().when('drawn_at', 'is not', null).then(1).else(0).end()),
        }))
        .where('pack_id', '=', packId)
        .where('opens_at', '<=', at)
        .returning(['arrivals', 'places', 'drawn_at'])
        .executeTakeFirst();
      if (!room)
        throw (await roomOf(tx, packId)) ? roomRefusal(409, 'room_not_open') : notFound('room_not_found');
      return tx
        .insertInto('room_entries')
        .values({
          pack_id: packId,
          user_id: userId,
          arrival: room.arrivals,
          place: room.drawn_at ? room.places : null,
          joined_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    // the same member joining twice at once: the first entry stands
    if (!isUniqueViolation(err)) throw err;
    const mine = await entryOf(db, packId, userId);
    if (!mine) throw err;
    return mine;
  }
}

/** How many places have been admitted by `now`: the staff's rate over the time since the start, pauses left out. */
export function admittedPlaces(
  room: { admit_per_minute: number; paused_at: string | null; paused_ms: number },
  startAt: string,
  now: Date,
): number {
  const until = room.paused_at ? Date.parse(room.paused_at) : now.getTime();
  const activeMs = until - Date.parse(startAt) - room.paused_ms;
  return activeMs <= 0 ? 0 : Math.floor((activeMs / 60_000) * room.admit_per_minute);
}

export type RoomState = 'not_joined' | 'waiting' | 'admitted' | 'pass_expired';

/**
 * Where a member stands: not joined, waiting (before the draw, or with `ahead` places before theirs), admitted
 * (their pass until `pass_expires_at`; the first call that finds their place admitted starts it), or their pass
 * ran out.
 */
export async function roomStanding(db: Db, packId: number, userId: number, now: Date) {
  await ensureDrawn(db, packId, now);
  const [room, pack, entry] = await Promise.all([
    roomOf(db, packId),
    startOf(db, packId),
    entryOf(db, packId, userId),
  ]);
  if (!room || !pack) throw notFound('room_not_found');
  const admitted = room.drawn_at ? admittedPlaces(room, pack.start_at, now) : 0;
  const base = {
    commitment: room.commitment,
    opens_at: room.opens_at,
    drawn: room.drawn_at !== null,
    admitted_places: admitted,
  };
  if (!entry)
    return { ...base, standing: 'not_joined' as RoomState, place: null, ahead: null, pass_expires_at: null };
  if (entry.place === null || entry.place > admitted) {
    const ahead = entry.place === null ? null : entry.place - admitted - 1;
    return { ...base, standing: 'waiting' as RoomState, place: entry.place, ahead, pass_expires_at: null };
  }
  let expires = entry.pass_expires_at;
  if (!expires) {
    const passUntil = new Date(now.getTime() + room.pass_seconds * 1000).toISOString();
    await db
      .updateTable('room_entries')
      .set({ admitted_at: now.toISOString(), pass_expires_at: passUntil })
      .where('id', '=', entry.id)
      .where('admitted_at', 'is', null)
      .execute();
    expires = (await entryOf(db, packId, userId))!.pass_expires_at;
  }
  const standing: RoomState = Date.parse(expires!) > now.getTime() ? 'admitted' : 'pass_expired';
  return { ...base, standing, place: entry.place, ahead: 0, pass_expires_at: expires };
}

/**
 * The purchase's gate: on a pack with a room, once the pack's start has come, only a member whose pass is valid
 * may check or buy (403 `room_pass_required` otherwise). Before the start the purchase rule's own refusal (not
 * started) stands; a pack without a room passes at no cost.
 */
export async function requireRoomPass(db: Db, packId: number, userId: number, now: Date): Promise<void> {
  if (!(await hasRoom(db, packId))) return;
  const standing = await roomStanding(db, packId, userId, now);
  if (standing.drawn && standing.standing !== 'admitted') throw roomRefusal(403, 'room_pass_required');
}

/**
 * A room's public record: the commitment from the opening; once drawn, every entry in place order as its
 * anonymous arrival number (the signed-in member's own marked); the seed when the room closes, that is when the
 * pack sold out or its sale ended. What tools/verify-room.mjs reads.
 */
export async function roomRecord(db: Db, packId: number, userId: number | null, now: Date) {
  await ensureDrawn(db, packId, now);
  const room = await roomOf(db, packId);
  const pack = await db
    .selectFrom('packs')
    .select(['start_at', 'end_at', 'total_pack_count', 'sold_count'])
    .where('id', '=', packId)
    .executeTakeFirst();
  if (!room || !pack) throw notFound('room_not_found');
  const phase = packPhase(pack, now);
  const revealed = phase === 'sold_out' || phase === 'ended';
  const entries = room.drawn_at
    ? await db
        .selectFrom('room_entries')
        .select(['arrival', 'place', 'at_start', 'admitted_at', 'user_id'])
        .where('pack_id', '=', packId)
        .orderBy('place')
        .execute()
    : [];
  return {
    pack_id: packId,
    commitment: room.commitment,
    seed: revealed ? room.seed : null,
    revealed,
    entries: entries.map((e) => ({
      arrival: e.arrival,
      place: e.place!,
      at_start: e.at_start === 1,
      admitted_at: e.admitted_at,
      mine: e.user_id === userId,
    })),
  };
}
