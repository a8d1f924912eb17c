import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a lazily loaded page may take to show its heading before focus goes to the main region instead. */
const WAIT_FOR_HEADING_MS = 3000;

/**
 * After a navigation to another page (not the first load, not a change of tab or page number within one page),
 * moves the keyboard focus to the new page's heading (its h1, else the main region), as a screen reader
 * announces a page load: otherwise the focus stays on the link that was followed, or falls back to the top of the
 * document. Leaves it alone when the member has already put it somewhere (a field, a dialog).
 */
export function useFocusOnNavigate(mainId: string) {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = performance.now();
    let frame = 0;
    const settle = () => {
      const main = document.getElementById(mainId);
      if (!main) return;
      const now = document.activeElement;
      // the new page put the focus somewhere itself (a field, its opening's Tap), or a dialog has it: leave it there.
      // Otherwise it is on nothing, or still on the header's or the bottom menu's link that was followed.
      if (now && now !== document.body && main.contains(now)) return;
      if (now?.closest('[role="dialog"], [role="alertdialog"], dialog')) return;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading && performance.now() - started < WAIT_FOR_HEADING_MS) {
        frame = requestAnimationFrame(settle);
        return;
      }
      const target = heading ?? main;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [pathname, mainId]);
}
