import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RoomStanding } from '@gacha/contract/rooms';
import { joinRoomRoute, roomStandingRoute } from '@gacha/contract/routes/rooms';
import { call, State, unwrap } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionEnded } from '../../../lib/session.ts';
import { useClock } from '../../../lib/use-now.ts';

/** A pack's release room as the member (or guest) stands in it; null: the pack has none (docs/fairness.md § 10). */
export const roomKey = (packId: string) => ['gacha', 'room', packId] as const;

/** GET /user/pack/room/{packId} → { room }: the member's standing (a guest's is not_joined), null without a room. */
export async function fetchRoom(packId: string): Promise<RoomStanding | null> {
  // the route's schemas load with the first answer: a pack page without a room never builds rooms.ts's
  return unwrap(await call(roomStandingRoute, { params: { packId } }, { background: true })).room;
}

/** The member's signed room pass for a pack, as last read or pushed (undefined: none, or the pack has no room). */
export function roomPassOf(packId: number): string | undefined {
  return queryClient.getQueryData<RoomStanding | null>(roomKey(String(packId)))?.pass ?? undefined;
}

/**
 * Sends a check or a buy with the member's room pass. Refused for want of one when this page never read the room
 * (the confirm page opened afresh), it reads the standing and, if that holds a pass, sends once more: the refused
 * call changed nothing.
 */
export async function withRoomPass<R extends { state: number; reason?: unknown }>(
  packId: number,
  send: (roomPass: string | undefined) => Promise<R>,
): Promise<R> {
  const pass = roomPassOf(packId);
  const res = await send(pass);
  if (res.reason !== 'room_pass_required') return res;
  const read = queryClient.fetchQuery({
    queryKey: roomKey(String(packId)),
    queryFn: () => fetchRoom(String(packId)),
    staleTime: 0,
  });
  const fresh = (await read.catch(() => null))?.pass;
  return fresh && fresh !== pass ? send(fresh) : res;
}

/** Read on every entry; afterwards the pushed standing (use-room-live.ts) keeps it current. */
export function useRoom(packId: string, enabled = true) {
  return useQuery({
    queryKey: roomKey(packId),
    queryFn: () => fetchRoom(packId),
    staleTime: 0,
    refetchOnMount: 'always',
    enabled: enabled && packId !== '',
  });
}

export type JoinAnswer = { ok: true } | { ok: false; state: number; code: string | null };

/**
 * POST /user/pack/room/join {packId}: joins the room (a second join answers the first entry); the standing it
 * answers goes to the cache. Refused with 409 `room_not_open` before the room opens.
 */
export async function joinRoom(packId: string): Promise<JoinAnswer> {
  const res = await call(joinRoomRoute, { body: { packId: Number(packId) } });
  if (res.state === State.ok) {
    queryClient.setQueryData(roomKey(packId), res.room);
    return { ok: true };
  }
  if (res.state === State.notLoggedIn) sessionEnded();
  return { ok: false, state: res.state, code: typeof res.code === 'string' ? res.code : null };
}

/** How long a join refused as "not open yet" waits before it asks again (the browser's clock ran ahead). */
export const JOIN_RETRY_MS = 5_000;

export type JoinStatus = 'idle' | 'joining' | 'failed';

/**
 * A member on the page of a pack whose room is open joins it by themselves, once: from `opens_at` on (the page's
 * clock), while they have not joined and the sale is not over (`wanted`). A refusal as "not open yet" waits
 * JOIN_RETRY_MS and asks again; any other failure shows, with `retry`.
 */
export function useRoomJoin(packId: string, room: RoomStanding | null, wanted: boolean) {
  const join = useMutation({ mutationFn: () => joinRoom(packId) });
  const [notBefore, setNotBefore] = useState(0);
  const needed = wanted && room !== null && room.standing === 'not_joined' && !room.sold_out;
  const opensAt = room ? Date.parse(room.opens_at) : Number.POSITIVE_INFINITY;
  const due = useClock((now) => needed && now.getTime() >= Math.max(opensAt, notBefore), 1000, needed);
  const { isIdle, mutate, reset } = join;

  useEffect(() => {
    if (!due || !isIdle) return;
    mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.ok || answer.code !== 'room_not_open') return;
        setNotBefore(Date.now() + JOIN_RETRY_MS);
        reset();
      },
    });
  }, [due, isIdle, mutate, reset]);

  const refused = join.data !== undefined && !join.data.ok && join.data.code !== 'room_not_open';
  const failed = join.isError || refused;
  // needed: joining now, or soon (the room opens, or a refusal as "not open yet" is asked again)
  const status: JoinStatus = !needed ? 'idle' : failed ? 'failed' : 'joining';
  return { status, retry: reset };
}
