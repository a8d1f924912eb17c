import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload, RELOAD_GUARD_MS } from './chunk-reload.ts';

describe('isChunkLoadError', () => {
  it('recognises a failed dynamic import or preload in each browser', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/login-page-Ab12.js', // Chromium
      'error loading dynamically imported module: http://127.0.0.1:3000/assets/x.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for /assets/login-page-Ab12.css', // Vite's preload helper
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    expect(isChunkLoadError({ message: 'Failed to fetch dynamically imported module: x' })).toBe(true);
  });

  it('leaves other errors to the error page', () => {
    for (const error of [
      new Error('boom'),
      new TypeError('x is undefined'),
      null,
      undefined,
      'Not Found',
      404,
    ])
      expect(isChunkLoadError(error), String(error)).toBe(false);
  });
});

describe('mayReload', () => {
  const now = 1_000_000;
  const mark = (url: string, at: number) => JSON.stringify({ url, at });

  it('reloads the first time, or for another address, or long after', () => {
    expect(mayReload(null, '/login', now)).toBe(true);
    expect(mayReload(mark('/user-register', now - 1000), '/login', now)).toBe(true);
    expect(mayReload(mark('/login', now - RELOAD_GUARD_MS), '/login', now)).toBe(true);
    expect(mayReload('{broken', '/login', now)).toBe(true);
  });

  it('does not reload the same address again soon after (no reload loop)', () => {
    expect(mayReload(mark('/login', now - 1000), '/login', now)).toBe(false);
    expect(mayReload(mark('/login?mode=2', now), '/login?mode=2', now)).toBe(false);
  });
});
