import type { AdminRoom } from '@gacha/contract/admin-rooms';
import { roomCommitment } from '@gacha/contract/room-order';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import { newSeed, packPhase } from '../packs/service.ts';
import { announce } from '../../cluster/bus.ts';
import {
  admissionStartMs,
  ensureDrawn,
  forgetRooms,
  roomOf,
  roomPackOf,
  ROOMS_TOPIC,
  standingOf,
} from './service.ts';

/**
 * Staff put a pack on sale through a release room (console: packs.write): members may join `minutesBefore` the
 * pack's start, places are admitted `admitPerMinute` a minute from the start, and a pass lasts `passSeconds`.
 * The room's seed is drawn now and only its commitment shown until the room closes. One room per pack.
 */
export async function openRoom(
  write: StaffWrite,
  packId: number,
  opts: { minutesBefore: number; admitPerMinute: number; passSeconds: number },
) {
  const room = await write(async (tx, audit) => {
    const pack = await tx
      .selectFrom('packs')
      .select(['id', 'start_at'])
      .where('id', '=', packId)
      .executeTakeFirst();
    if (!pack) throw notFound('pack_not_found');
    if (Date.parse(pack.start_at) <= write.now.getTime()) throw conflict('packId', 'room_too_late');
    if (await roomOf(tx, packId)) throw conflict('packId', 'room_exists');
    const seed = newSeed();
    const row = {
      pack_id: packId,
      opens_at: new Date(Date.parse(pack.start_at) - opts.minutesBefore * 60_000).toISOString(),
      admit_per_minute: opts.admitPerMinute,
      pass_seconds: opts.passSeconds,
      seed,
      commitment: roomCommitment(seed),
      created_at: write.now.toISOString(),
    };
    await tx.insertInto('release_rooms').values(row).execute();
    const { seed: _secret, ...shown } = row;
    await audit({ action: 'room.open', target: { type: 'pack', id: packId }, before: null, after: shown });
    return shown;
  }).catch((err: unknown) => {
    // two staff members opening the same room at once: the second is told it exists
    throw isUniqueViolation(err) ? conflict('packId', 'room_exists') : err;
  });
  forgetRooms(write.db);
  announce(write.db, ROOMS_TOPIC, String(packId));
  return room;
}

/** Pauses a room's admissions, or resumes them (the paused time is not counted). A repeat changes nothing. */
export async function pauseRoom(write: StaffWrite, packId: number, paused: boolean) {
  const done = await write(async (tx, audit) => {
    const room = await roomOf(tx, packId);
    const pack = await tx.selectFrom('packs').select('start_at').where('id', '=', packId).executeTakeFirst();
    if (!room || !pack) throw notFound('room_not_found');
    if (paused === (room.paused_at !== null)) return { changed: false };
    const at = write.now.toISOString();
    // only the paused time after admission began held admissions back
    const from = Math.max(Date.parse(room.paused_at ?? at), admissionStartMs(pack.start_at));
    const set = paused
      ? { paused_at: at }
      : { paused_at: null, paused_ms: room.paused_ms + Math.max(0, write.now.getTime() - from) };
    await tx.updateTable('release_rooms').set(set).where('pack_id', '=', packId).execute();
    await audit({
      action: paused ? 'room.pause' : 'room.resume',
      target: { type: 'pack', id: packId },
      before: { paused_at: room.paused_at },
      after: set,
    });
    return { changed: true };
  });
  if (done.changed) announce(write.db, ROOMS_TOPIC, String(packId));
  return done;
}

/**
 * A room as staff watch it (null for a pack without one): its settings, the admitted places, and its members
 * counted by where they are: waiting, admitted with a valid pass and not yet bought, bought after admission, or
 * left (the pass ran out without a purchase). The seed shows once the room closes, as on the public record.
 */
export async function roomForStaff(db: Db, packId: number, now: Date): Promise<AdminRoom | null> {
  await ensureDrawn(db, packId, now);
  const [room, pack] = await Promise.all([roomOf(db, packId), roomPackOf(db, packId)]);
  if (!room || !pack) return null;
  const at = now.toISOString();
  const standing = standingOf(room, pack, null, now);
  const boughtAfterAdmission = (eb: ExpressionBuilder<Database, 'room_entries'>) =>
    eb.exists(
      eb
        .selectFrom('pack_purchases as p')
        .select('p.id')
        .whereRef('p.user_id', '=', 'room_entries.user_id')
        .whereRef('p.pack_id', '=', 'room_entries.pack_id')
        .whereRef('p.created_at', '>=', 'room_entries.admitted_at'),
    );
  // a place is admitted by the rate whether or not its member has asked yet (their pass starts when they do)
  const placeAdmitted = (eb: ExpressionBuilder<Database, 'room_entries'>) =>
    eb.and([eb('place', 'is not', null), eb('place', '<=', standing.admitted_places)]);
  const countWhen = (eb: ExpressionBuilder<Database, 'room_entries'>, when: Expression<SqlBool>) =>
    eb.fn.count<number>(eb.case().when(when).then(1).end());
  const counts = await db
    .selectFrom('room_entries')
    .where('pack_id', '=', packId)
    .select((eb) => [
      eb.fn.countAll<number>().as('joined'),
      countWhen(eb, eb.not(placeAdmitted(eb))).as('waiting'),
      countWhen(eb, boughtAfterAdmission(eb)).as('bought'),
      countWhen(
        eb,
        eb.and([placeAdmitted(eb), eb('pass_expires_at', '<=', at), eb.not(boughtAfterAdmission(eb))]),
      ).as('left'),
      countWhen(
        eb,
        eb.and([
          placeAdmitted(eb),
          eb.or([eb('pass_expires_at', 'is', null), eb('pass_expires_at', '>', at)]),
          eb.not(boughtAfterAdmission(eb)),
        ]),
      ).as('admitted'),
    ])
    .executeTakeFirstOrThrow();
  const [joined, waiting, admitted, bought, left] = [
    counts.joined,
    counts.waiting,
    counts.admitted,
    counts.bought,
    counts.left,
  ].map(Number) as [number, number, number, number, number];
  const phase = packPhase(pack, now);
  return {
    pack_id: packId,
    opens_at: room.opens_at,
    starts_at: pack.start_at,
    admit_per_minute: room.admit_per_minute,
    pass_seconds: room.pass_seconds,
    commitment: room.commitment,
    seed: phase === 'sold_out' || phase === 'ended' ? room.seed : null,
    drawn: standing.drawn,
    paused: standing.paused,
    joined,
    admitted_places: standing.admitted_places,
    waiting,
    admitted,
    bought,
    left,
    lots_left: standing.lots_left,
    sold_out: standing.sold_out,
  };
}
