import { roomCommitment } from '@gacha/contract/room-order';
import { conflict, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import { newSeed } from '../packs/service.ts';
import { forgetRooms, roomOf } from './service.ts';

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
  });
  forgetRooms(write.db);
  return room;
}

/** Pauses a room's admissions, or resumes them (the paused time is not counted). A repeat changes nothing. */
export function pauseRoom(write: StaffWrite, packId: number, paused: boolean) {
  return write(async (tx, audit) => {
    const room = await roomOf(tx, packId);
    const pack = await tx.selectFrom('packs').select('start_at').where('id', '=', packId).executeTakeFirst();
    if (!room || !pack) throw notFound('room_not_found');
    if (paused === (room.paused_at !== null)) return { changed: false };
    const at = write.now.toISOString();
    // only the paused time after the start held admissions back
    const from = Math.max(Date.parse(room.paused_at ?? at), Date.parse(pack.start_at));
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
}
