import { isChunkLoadError, reloadForNewBuild } from './lib/chunk-reload.ts';
import './app/global.css';

/**
 * The entry: a few hundred bytes. A prerendered page (scripts/prerender.mjs) is painted from its HTML and CSS
 * first; the app (its chunks are preloaded by the page) starts right after that first frame, so hydrating never
 * holds up the first paint. A hidden tab paints nothing: it starts at once.
 */
function boot() {
  import('./app/start.tsx').then(
    (app) => app.start(),
    (err: unknown) => {
      // the build before a deploy: reload to the new one
      if (isChunkLoadError(err) && reloadForNewBuild()) return;
      throw err;
    },
  );
}

if (document.visibilityState === 'hidden') boot();
else requestAnimationFrame(() => setTimeout(boot, 0));
