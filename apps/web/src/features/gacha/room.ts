import type { RoomStanding } from '@gacha/contract/rooms';
import { jstParts } from '../../lib/format.ts';

/**
 * The release room's rules as the pack page reads them (docs/fairness.md § 10): whether a member may buy now, the
 * estimated wait as the panel words it, and which changes of the pushed standing are worth telling a screen reader.
 */

/**
 * Why a member may not buy yet on a pack with a room (null: nothing holds them; a guest's BUY leads to the login):
 * they have not joined, they wait for their place, or their pass ran out. The server refuses the same
 * (`room_pass_required`); the page says so before the member tries.
 */
export type RoomHold = 'join' | 'wait' | 'expired';

export function roomHold(room: RoomStanding | null, member: boolean, passOpen: boolean): RoomHold | null {
  if (!room || !member) return null;
  if (room.standing === 'admitted') return passOpen ? null : 'expired';
  if (room.standing === 'pass_expired') return 'expired';
  return room.standing === 'not_joined' ? 'join' : 'wait';
}

/** An estimated wait as the panel words it: about N seconds under a minute, else about N minutes (rounded up). */
export function waitParts(seconds: number): { unit: 'seconds' | 'minutes'; count: number } {
  return seconds < 60
    ? { unit: 'seconds', count: Math.max(1, Math.ceil(seconds)) }
    : { unit: 'minutes', count: Math.ceil(seconds / 60) };
}

/** The wait's step in minutes (what makes a place worth announcing again); null when unknown. */
export function waitMinute(room: RoomStanding): number | null {
  return room.wait_seconds === null ? null : Math.ceil(room.wait_seconds / 60);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** HH:MM:SS of a moment in Japan time (a pass's end), '' when unreadable. */
export function jstClockTime(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const p = jstParts(new Date(at));
  return `${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
}

/** What a polite live region says of a change of the standing. */
export type RoomNews =
  | { kind: 'soldOut' | 'expired' | 'paused' | 'resumed' | 'joined' }
  | { kind: 'admitted'; expires: string }
  | { kind: 'place'; place: number; ahead: number; waitSeconds: number | null };

export interface NewsState {
  /** The standing last seen (null before the first). */
  prev: RoomStanding | null;
  /** When the place was last announced (ms), and the wait's step in minutes then. */
  placeAt: number;
  minute: number | null;
}

export const NO_NEWS: NewsState = { prev: null, placeAt: 0, minute: null };

/** A place is announced again at most this often, and only when the wait moved by a minute. */
export const PLACE_NEWS_MIN_MS = 30_000;

/**
 * The news of a new standing, if any: sold out, admitted, the pass ran out, a pause or a resume, and the joining
 * are always told; the place when the order is drawn, then again when the estimated wait moves to another minute,
 * at most every PLACE_NEWS_MIN_MS (a place that moves every second would drown the page). The first standing seen
 * is on screen already: no news.
 */
export function roomNews(
  state: NewsState,
  next: RoomStanding,
  now: number,
): { state: NewsState; news: RoomNews | null } {
  const { prev } = state;
  const seen = (news: RoomNews | null): { state: NewsState; news: RoomNews | null } => ({
    state: { ...state, prev: next },
    news,
  });
  if (!prev) return { state: { prev: next, placeAt: now, minute: waitMinute(next) }, news: null };
  if (next.sold_out && !prev.sold_out) return seen({ kind: 'soldOut' });
  if (next.standing === 'admitted' && prev.standing !== 'admitted' && next.pass_expires_at) {
    return seen({ kind: 'admitted', expires: next.pass_expires_at });
  }
  if (next.standing === 'pass_expired' && prev.standing !== 'pass_expired') return seen({ kind: 'expired' });
  if (next.paused !== prev.paused) return seen({ kind: next.paused ? 'paused' : 'resumed' });
  const { place, ahead } = next;
  if (next.standing !== 'waiting' || place === null || ahead === null) {
    return seen(prev.standing === 'not_joined' && next.standing === 'waiting' ? { kind: 'joined' } : null);
  }
  const minute = waitMinute(next);
  const justPlaced = prev.place === null || prev.standing !== 'waiting';
  const moved = minute !== state.minute && now - state.placeAt >= PLACE_NEWS_MIN_MS && !next.paused;
  if (!justPlaced && !moved) return seen(null);
  return {
    state: { prev: next, placeAt: now, minute },
    news: { kind: 'place', place, ahead, waitSeconds: next.wait_seconds },
  };
}
