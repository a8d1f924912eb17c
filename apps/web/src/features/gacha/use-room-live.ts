import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { PackDetail } from '@gacha/contract/packs';
import type { RoomStanding } from '@gacha/contract/rooms';
import { fillPath } from '@gacha/contract/route';
import { API_BASE } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { packDetailKey } from './api/get-pack-detail.ts';
import { liveOddsKey, ROOM_ODDS_MIN_MS } from './api/get-live-odds.ts';
import { roomKey } from './api/get-room.ts';

/**
 * A pack's room standing pushed by the server (Server-Sent Events) while `open`: a `standing` event replaces the
 * cached standing, a `progress` event (the room's, the same for everyone) is applied to it. The browser's EventSource reconnects by itself (the server asks 2 s); the stream
 * is opened again when the member joins, since the server reads a member's entry when the stream connects.
 *
 * When a push changes the lots left, the pack's remaining count follows at once (written into the cached pack,
 * no request) and the live odds are read again, at most every ROOM_ODDS_MIN_MS: a release sells a lot a moment,
 * and every open page reading the odds on each would be a storm of its own.
 *
 * Answers whether the stream is connected (the live odds stop polling meanwhile).
 */
export function useRoomLive(packId: string, open: boolean, joined: boolean): boolean {
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!open || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let closed = false;
    let oddsAt = 0;
    let oddsTimer: number | undefined;

    const readOdds = () => {
      oddsTimer = undefined;
      oddsAt = Date.now();
      void queryClient.invalidateQueries({ queryKey: liveOddsKey(packId) });
    };
    const oddsLater = () => {
      const wait = oddsAt + ROOM_ODDS_MIN_MS - Date.now();
      if (wait <= 0) readOdds();
      else oddsTimer ??= window.setTimeout(readOdds, wait);
    };

    const received = (next: RoomStanding) => {
      const prev = queryClient.getQueryData<RoomStanding | null>(roomKey(packId));
      // an event of a stream from before the join (a member never leaves a room): the reconnect brings theirs
      if (prev && prev.standing !== 'not_joined' && next.standing === 'not_joined') return;
      queryClient.setQueryData(roomKey(packId), next);
      if (prev && prev.lots_left === next.lots_left && prev.sold_out === next.sold_out) return;
      queryClient.setQueryData<PackDetail | null>(packDetailKey(packId), (pack) =>
        pack ? { ...pack, pack_count: next.lots_left, is_sold_out: pack.is_sold_out || next.sold_out } : pack,
      );
      if (next.sold_out) void queryClient.invalidateQueries({ queryKey: packDetailKey(packId) });
      oddsLater();
    };

    // rooms.ts (its path, event names and schemas) is the module the room's answer was parsed with: loaded already
    void import('@gacha/contract/rooms').then((rooms) => {
      if (closed) return;
      source = new EventSource(`${API_BASE}${fillPath(rooms.ROOM_LIVE_PATH, { packId })}`);
      source.onopen = () => setConnected(true);
      // a lost stream: the browser tries again (CONNECTING), or gave up (CLOSED, e.g. the room is gone)
      source.onerror = () => setConnected(false);
      const parse = <S extends z.ZodType>(event: Event, schema: S): z.infer<S> | null => {
        try {
          const parsed = schema.safeParse(JSON.parse((event as MessageEvent<string>).data));
          return parsed.success ? parsed.data : null;
        } catch {
          return null;
        }
      };
      // the member's own standing
      source.addEventListener(rooms.ROOM_LIVE_EVENT, (event) => {
        const standing = parse(event, rooms.roomStandingSchema);
        if (standing) received(standing);
      });
      // the room's progress, the same for everyone: applied to the standing held
      source.addEventListener(rooms.ROOM_PROGRESS_EVENT, (event) => {
        const progress = parse(event, rooms.roomProgressSchema);
        const held = queryClient.getQueryData<RoomStanding | null>(roomKey(packId));
        if (progress && held) received(rooms.applyRoomProgress(held, progress));
      });
    });

    return () => {
      closed = true;
      source?.close();
      window.clearTimeout(oddsTimer);
      setConnected(false);
    };
  }, [packId, open, joined]);

  return connected;
}
