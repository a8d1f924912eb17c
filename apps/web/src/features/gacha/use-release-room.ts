import type { RoomStanding } from '@gacha/contract/rooms';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useClock } from '../../lib/use-now.ts';
import { useRoom, useRoomJoin, type JoinStatus } from './api/get-room.ts';
import { roomHold, type RoomHold } from './room.ts';
import { useRoomLive } from './use-room-live.ts';

export interface ReleaseRoomView {
  /** The standing; null when the pack has no room (or it is not known yet: the page is as without one). */
  room: RoomStanding | null;
  /** The pushed standing's stream is connected. */
  live: boolean;
  join: { status: JoinStatus; retry: () => void };
  /** What keeps a member from buying now (roomHold), null when nothing does. */
  hold: RoomHold | null;
}

/**
 * The pack page's release room (docs/fairness.md § 10): the standing, read once the page runs (it is the member's,
 * never the served page's), joined by itself when the room is open, and kept current by the server's pushes while
 * the sale is on or to come (`saleOpen`).
 */
export function useReleaseRoom(packId: string, member: boolean, saleOpen: boolean): ReleaseRoomView {
  const hydrated = useHydrated();
  const { data } = useRoom(packId, hydrated);
  const room = data ?? null;
  const join = useRoomJoin(packId, room, member && saleOpen);
  const streaming = room !== null && saleOpen && !room.sold_out;
  const live = useRoomLive(packId, streaming, room !== null && room.standing !== 'not_joined');
  const admitted = room?.standing === 'admitted';
  const expires = room?.pass_expires_at ? Date.parse(room.pass_expires_at) : 0;
  const passOpen = useClock((now) => admitted && expires > now.getTime(), 1000, admitted);
  return { room, live, join, hold: roomHold(room, member, passOpen) };
}
