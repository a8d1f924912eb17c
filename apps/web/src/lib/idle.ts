import { useEffect, useState } from 'react';

/**
 * Runs `work` once the page is idle (after its first paint and hydration, between the member's inputs), at the
 * latest after `timeoutMs`; returns the cancel. For what nobody waits for: a carousel's autoplay, timers.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

/**
 * False until the page has been idle once since the component mounted: what is below the fold asks for its data
 * then, after the page has hydrated, rather than in the same task as everything the page shows first.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
