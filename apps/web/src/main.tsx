import { isChunkLoadError, reloadForNewBuild } from './lib/chunk-reload.ts';
import { nextTask } from './lib/next-task.ts';
import '@gacha/client/styles/base.css';
import './app/global.css';

/*
 * The entry: about a kilobyte. A prerendered page (scripts/prerender.mjs) is painted from its HTML and CSS first;
 * the app starts once that first paint is reported, so neither its download nor hydrating holds up the first
 * paint. A hidden tab paints nothing: it starts at once.
 */

/**
 * The app starts in pieces, a task each, so that a phone answers a tap in between rather than after the whole of
 * it: the links that fetch what the page needs, a few at a time; then its modules evaluated one by one, each after
 * what it imports (an import evaluates everything it pulls in at once; the build lists them in that order and keeps
 * the big libraries in chunks of their own, vite.config.ts); then the start itself (app/start.tsx).
 */
async function boot() {
  try {
    for (const href of await preloadWhatTheAppNeeds()) {
      await import(/* @vite-ignore */ href);
      await nextTask();
    }
    const app = await import('./app/start.tsx');
    await app.start();
  } catch (err) {
    // the build before a deploy: reload to the new one
    if (isChunkLoadError(err) && reloadForNewBuild()) return;
    throw err;
  }
}

const LINKS_PER_TASK = 6;

/**
 * A prerendered page names the modules and the API answers the app needs to take it over (#root's data-preload
 * and data-fetch, scripts/prerender.mjs): asked for all at once here, after the first paint, rather than by the
 * page's <head>, where they would share the network with what the paint needs. Answers the modules, in order.
 */
async function preloadWhatTheAppNeeds(): Promise<string[]> {
  const root = document.getElementById('root');
  const modules = (root?.dataset.preload ?? '').split(' ').filter(Boolean);
  const fetches = (root?.dataset.fetch ?? '').split(' ').filter(Boolean);
  const links: [rel: string, href: string][] = [
    ...modules.map((href) => ['modulepreload', href] as [string, string]),
    ...fetches.map((href) => ['preload', href] as [string, string]),
  ];
  // a few links a task: each costs the main thread a little (its fetch is set up there), twenty at once a long task
  for (const [i, [rel, href]] of links.entries()) {
    if (i > 0 && i % LINKS_PER_TASK === 0) await nextTask();
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = ''; // lib/api.ts fetches same-origin with credentials: anonymous CORS mode matches
    if (rel === 'preload') link.as = 'fetch';
    document.head.appendChild(link);
  }
  return modules;
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
