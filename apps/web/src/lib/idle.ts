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
