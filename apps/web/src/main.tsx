import { isChunkLoadError, reloadForNewBuild } from './lib/chunk-reload.ts';
import './app/global.css';

/**
 * The entry: a few hundred bytes. A prerendered page (scripts/prerender.mjs) is painted from its HTML and CSS
 * first; the app (its chunks asked for all at once, below) starts right after that first frame, so neither its
 * download nor hydrating holds up the first paint. A hidden tab paints nothing: it starts at once.
 */
/** A new task: what the browser has waiting (a tap, a frame) runs before the next piece of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's modules are evaluated in pieces, a task each (an import evaluates everything it pulls in at once):
 * React's DOM renderer, then the routes with their libraries, then the start itself; a phone answers a tap in
 * between rather than after the whole of it.
 */
async function boot() {
  preloadWhatTheAppNeeds();
  try {
    await import('react-dom/client');
    await nextTask();
    await import('./app/router.tsx');
    await nextTask();
    const app = await import('./app/start.tsx');
    await app.start();
  } catch (err) {
    // the build before a deploy: reload to the new one
    if (isChunkLoadError(err) && reloadForNewBuild()) return;
    throw err;
  }
}

/**
 * A prerendered page names the modules and the API answers the app needs to take it over (#root's data-preload
 * and data-fetch, scripts/prerender.mjs): asked for all at once here, after the first paint, rather than by the
 * page's <head>, where they would share the network with what the paint needs.
 */
function preloadWhatTheAppNeeds() {
  const root = document.getElementById('root');
  const links: [rel: string, href: string][] = [
    ...(root?.dataset.preload ?? '').split(' ').map((href) => ['modulepreload', href] as [string, string]),
    ...(root?.dataset.fetch ?? '').split(' ').map((href) => ['preload', href] as [string, string]),
  ];
  for (const [rel, href] of links) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = ''; // lib/api.ts fetches same-origin with credentials: anonymous CORS mode matches
    if (rel === 'preload') link.as = 'fetch';
    document.head.appendChild(link);
  }
}

/**
 * Once the page has painted: the browser's first-contentful-paint entry (reported after the frame is shown; a
 * frame callback can run before it is), or a frame and a half-second when there is no such entry to wait for.
 */
function afterFirstPaint(then: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    then();
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(once, 0);
    }).observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(() => setTimeout(once, 500));
}

/**
 * A link tapped before the app runs the page (app/layout.tsx sets html[data-app=ready]) is followed once it does.
 * Left to the browser, the router's start (a history update) cancels that navigation; handed to React while the
 * page hydrates, the router link cannot navigate yet. So the tap is held and replayed on the running app (or, if
 * the app has not started within 3 s, followed as a plain link). A tap with a modifier key (a new tab) is the
 * browser's; a link marked aria-disabled (a pack whose sale has not started) stays put, as in the app.
 */
function linksWaitForTheApp() {
  const ready = () => document.documentElement.dataset.app === 'ready';
  let held: HTMLAnchorElement | null = null;
  let fallback: number | undefined;
  const onClick = (event: MouseEvent) => {
    if (ready()) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation(); // React's listeners are on #root, below the document
    if (link.getAttribute('aria-disabled') === 'true') return;
    held = link;
    window.clearTimeout(fallback);
    fallback = window.setTimeout(() => window.location.assign(link.href), 3000);
  };
  document.addEventListener('click', onClick, true);
  new MutationObserver((_records, observer) => {
    if (!ready()) return;
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    window.clearTimeout(fallback);
    const link = held;
    held = null;
    if (!link) return;
    // the app may have drawn that part afresh: the same link in its place, else the address itself
    const href = link.getAttribute('href') ?? '';
    const now = link.isConnected
      ? link
      : document.querySelector<HTMLAnchorElement>(`a[href="${CSS.escape(href)}"]`);
    setTimeout(() => (now ? now.click() : window.location.assign(link.href)), 0);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });
}

linksWaitForTheApp();
if (document.visibilityState === 'hidden') void boot();
else afterFirstPaint(() => void boot());
