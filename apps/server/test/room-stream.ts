import { applyRoomProgress, type RoomProgress, type RoomStanding } from '@gacha/contract/rooms';

/**
 * A member's live room stream read over real HTTP (Server-Sent Events), as the page reads it: each `standing`
 * event, and each `progress` event applied to the standing held, kept in order with the time it arrived; and a
 * wait for the first one that matches.
 */
export interface RoomStream {
  events: Array<{ at: number; standing: RoomStanding }>;
  status: number;
  next(match: (s: RoomStanding) => boolean, timeoutMs?: number): Promise<RoomStanding>;
  close(): void;
}

export async function openRoomStream(url: string, cookie = ''): Promise<RoomStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  });
  const events: RoomStream['events'] = [];
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            const data = lines
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            const held = events.at(-1)?.standing;
            let standing: RoomStanding;
            if (lines.includes('event: standing')) standing = JSON.parse(data) as RoomStanding;
            else if (lines.includes('event: progress') && held)
              standing = applyRoomProgress(held, JSON.parse(data) as RoomProgress);
            else continue;
            events.push({ at: Date.now(), standing });
            for (const w of waiters) w();
          }
        }
      } catch {
        // closed
      }
    })();
  }
  return {
    events,
    status: res.status,
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < events.length; seen++) {
            const e = events[seen]!.standing;
            if (match(e)) {
              waiters.delete(check);
              clearTimeout(timer);
              return resolve(e);
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching standing within ${timeoutMs} ms: ${JSON.stringify(events.at(-1))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
