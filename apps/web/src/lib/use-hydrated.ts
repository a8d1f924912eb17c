import { useSyncExternalStore } from 'react';

const still = () => () => {};

/**
 * False while the page is the server's HTML (rendered there, or being hydrated), true once the app runs it. A
 * button that only script can work is disabled until then, so a tap on a page that is painted but not yet
 * running is not lost without a sign (Playwright's click waits for it to be enabled, as a member would).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    still,
    () => true,
    () => false,
  );
}
