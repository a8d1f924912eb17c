/**
 * After a deploy, an open tab still runs the old build: the next lazy page or locale chunk it asks for no
 * longer exists (a plain 404), and the dynamic import fails. The page then reloads once to the new build, at
 * the address it was going to; a second failure at the same address soon after is a real error (no reload
 * loop). Pages with a form in progress keep a draft in sessionStorage, so the reload loses nothing.
 */

const KEY = 'gacha.chunk-reload';
/** A reload of the same address within this time that fails again shows the error instead. */
export const RELOAD_GUARD_MS = 30_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|ChunkLoadError|Loading (?:CSS )?chunk [\w-]+ failed/i;

/** A failed dynamic import or module preload (the wording differs per browser). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'object' && 'message' in error
        ? String((error as { message: unknown }).message)
        : String(error);
  return CHUNK_ERROR.test(text);
}

interface ReloadMark {
  url: string;
  at: number;
}

/** Whether a reload to `url` may happen now, given the last one recorded (a JSON ReloadMark or null). */
export function mayReload(lastMark: string | null, url: string, now: number): boolean {
  if (!lastMark) return true;
  try {
    const mark = JSON.parse(lastMark) as Partial<ReloadMark>;
    return !(
      mark.url === url &&
      typeof mark.at === 'number' &&
      now - mark.at >= 0 &&
      now - mark.at < RELOAD_GUARD_MS
    );
  } catch {
    return true;
  }
}

let reloading = false;

/**
 * Reloads the page at its current address to fetch the new build, once: answers true while that reload is
 * under way (render nothing meanwhile), false when this address was just reloaded for the same reason or
 * storage is blocked (show the error).
 */
export function reloadForNewBuild(): boolean {
  if (reloading) return true;
  const url = window.location.pathname + window.location.search;
  const now = Date.now();
  try {
    if (!mayReload(sessionStorage.getItem(KEY), url, now)) return false;
    sessionStorage.setItem(KEY, JSON.stringify({ url, at: now } satisfies ReloadMark));
  } catch {
    return false; // without storage there is no loop guard
  }
  reloading = true;
  window.location.reload();
  return true;
}
