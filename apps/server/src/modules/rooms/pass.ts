import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A room pass: what lets an admitted member check and buy while a room is on its pack. It is the pass's expiry
 * and a MAC over the pack, the member and that expiry (`<expiry ms>.<mac>`), signed with a key derived from the
 * server's secret: the purchase checks it without reading the room, and a pass cannot be made for another member
 * or pack, nor lengthened. The room's entry keeps the same expiry (the record and the console read it there), so
 * the standing signs the pass again whenever the member asks.
 */
export interface RoomPassKey {
  readonly key: Buffer;
}

export const roomPassKey = (serverSecret: string): RoomPassKey => ({
  key: createHmac('sha256', serverSecret).update('room-pass').digest(),
});

const macOf = (k: RoomPassKey, packId: number, userId: number, expiresMs: number) =>
  createHmac('sha256', k.key).update(`${packId}:${userId}:${expiresMs}`).digest('base64url');

export function signRoomPass(k: RoomPassKey, packId: number, userId: number, expiresAt: string): string {
  const expiresMs = Date.parse(expiresAt);
  return `${expiresMs}.${macOf(k, packId, userId, expiresMs)}`;
}

const PASS = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** The pass was signed by this server for this member and pack, and has not run out. */
export function roomPassValid(
  k: RoomPassKey,
  pass: string | undefined,
  packId: number,
  userId: number,
  now: Date,
): boolean {
  const m = PASS.exec(pass ?? '');
  if (!m) return false;
  const expiresMs = Number(m[1]);
  if (expiresMs <= now.getTime()) return false;
  const given = Buffer.from(m[2]!);
  const expected = Buffer.from(macOf(k, packId, userId, expiresMs));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
