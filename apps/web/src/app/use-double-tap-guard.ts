import { useEffect } from 'react';

export const DOUBLE_TAP_MS = 350;

/** Blocks double-tap zoom: a second touchend within 350 ms of the last one is cancelled (spec §2, §9). */
export function useDoubleTapGuard(): void {
  useEffect(() => {
    let last = 0;
    const onTouchEnd = (e: TouchEvent) => {
      const now = Date.now();
      if (now - last <= DOUBLE_TAP_MS && e.cancelable) e.preventDefault();
      last = now;
    };
    document.addEventListener('touchend', onTouchEnd, { passive: false });
    return () => document.removeEventListener('touchend', onTouchEnd);
  }, []);
}
