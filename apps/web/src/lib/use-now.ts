import { useSyncExternalStore } from 'react';

/**
 * The time a page was rendered on the server (its page data, app/start.tsx). While React hydrates that page, the
 * countdowns render from it, so they match the HTML; the first tick after hydration moves them to the real time.
 */
let renderedAt: Date | null = null;
export function setRenderedAt(at: Date | null) {
  renderedAt = at;
}

interface Ticker {
  subscribe(onTick: () => void): () => void;
  get(): Date;
}

const tickers = new Map<number, Ticker>();

/** One clock per interval, shared by every component that reads it, running only while one is mounted. */
function tickerOf(intervalMs: number): Ticker {
  let ticker = tickers.get(intervalMs);
  if (ticker) return ticker;
  const listeners = new Set<() => void>();
  let current = new Date();
  let timer: number | undefined;
  const tick = () => {
    current = new Date();
    for (const l of listeners) l();
  };
  ticker = {
    subscribe(onTick) {
      listeners.add(onTick);
      if (listeners.size === 1) {
        tick();
        timer = window.setInterval(tick, intervalMs);
      }
      return () => {
        listeners.delete(onTick);
        if (listeners.size === 0) window.clearInterval(timer);
      };
    },
    // with nobody subscribed the clock is not running: a render reads the time now (the same Date within one
    // interval, as React wants the same answer from two reads without a change)
    get() {
      if (listeners.size === 0) {
        const at = Math.floor(Date.now() / intervalMs) * intervalMs;
        if (current.getTime() !== at) current = new Date(at);
      }
      return current;
    },
  };
  tickers.set(intervalMs, ticker);
  return ticker;
}

const still = () => () => {};

/**
 * What `read` makes of the current time (a sale's phase, a countdown's text), checked every `intervalMs`; the
 * component renders again only when that changes (compared with Object.is: `read` answers a string, a number or a
 * value it keeps, never a new object each call, which would render without end). A component that reads the
 * clock whole (useNow) renders every tick, as a synchronous update (React does not time-slice an external store):
 * keep those small.
 */
export function useClock<T>(read: (now: Date) => T, intervalMs = 1000, enabled = true): T {
  const ticker = tickerOf(intervalMs);
  return useSyncExternalStore(
    enabled ? ticker.subscribe : still,
    () => read(ticker.get()),
    () => read(renderedAt ?? ticker.get()),
  );
}

const itself = (now: Date) => now;

/** The current time, refreshed every `intervalMs` (the countdown refreshes every second, spec §9). */
export function useNow(intervalMs = 1000, enabled = true): Date {
  return useClock(itself, intervalMs, enabled);
}
