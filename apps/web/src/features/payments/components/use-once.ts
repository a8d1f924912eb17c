import { useEffect, useRef } from 'react';

/** Runs `effect` once per key, also under StrictMode's double mount (the calls it makes are not repeated). */
export function useOnce(key: string, effect: () => void | Promise<void>) {
  const done = useRef<string | null>(null);
  const run = useRef(effect);
  run.current = effect;
  useEffect(() => {
    if (done.current === key) return;
    done.current = key;
    void run.current();
  }, [key]);
}
