import { useQuery } from '@tanstack/react-query';
import { fillPath } from '@gacha/contract/route';
import type { RoomRecord } from '@gacha/contract/rooms';
import { roomRecordRoute } from '@gacha/contract/routes/rooms';
import { API_BASE, ApiStateError, call, unwrap } from '../../../lib/api.ts';

/**
 * A release room's public record (docs/fairness.md § 10). Under ['gacha', 'fairness'], which a purchase marks
 * stale (buy-packs.ts): the purchase that sells the pack out closes the room and reveals its seed.
 */
export const roomRecordKey = (packId: string) => ['gacha', 'fairness', 'room', packId] as const;

/**
 * GET /user/pack/room/{packId}/record: the commitment, the seed once the room closes, every entry in place order
 * (none before the draw at the start), the signed-in member's own marked. 404 `room_not_found` for a pack without
 * a room (ApiStateError).
 */
export async function fetchRoomRecord(packId: string): Promise<RoomRecord> {
  return unwrap(await call(roomRecordRoute, { params: { packId } }, { background: true }));
}

export function useRoomRecord(packId: string, enabled = true) {
  return useQuery({
    queryKey: roomRecordKey(packId),
    queryFn: () => fetchRoomRecord(packId),
    staleTime: 0,
    enabled: enabled && packId !== '',
  });
}

/** The record's absolute API address, what `node tools/verify-room.mjs <URL>` reads. */
export const roomRecordApiUrl = (packId: string, origin = window.location.origin) =>
  `${origin}${API_BASE}${fillPath(roomRecordRoute.path, { packId })}`;

/** The API's answer for a pack without a room (or no such pack). */
export const isNoRoom = (error: unknown) => error instanceof ApiStateError && error.response.state === 404;
