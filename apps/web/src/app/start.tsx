import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { initialLang, setupI18n } from '../lib/i18n.ts';
import { nextTask } from '../lib/next-task.ts';
import { queryClient } from '../lib/query-client.ts';
import { forgetServed, markServed } from '../lib/served-answers.ts';
import { setRenderedAt } from '../lib/use-now.ts';
import { createRouter, hydrationDataFor } from './router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * A prerendered page (scripts/prerender.mjs: the public pages' first paint, in one language) is hydrated when it
 * is what the app would render first: same language, and no search parameter the prerender did not render with
 * (Top's ?tab=2 renders afresh). Otherwise, and for every other page, the app renders into #root.
 */
function prerendered(): { namespaces: string[] } | null {
  const { page, ns = '', params = '' } = root!.dataset;
  if (!page || document.documentElement.lang !== initialLang()) return null;
  const allowed = params.split(',');
  const url = new URL(window.location.href);
  if ([...url.searchParams.keys()].some((k) => !allowed.includes(k))) return null;
  return { namespaces: ns.split(',').filter(Boolean) };
}

const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>
);

/**
 * A page the server rendered at request time carries the answers it rendered with and its clock (a JSON block after
 * #root, apps/server/src/modules/site/page-renderer.ts): they go into the cache first, so hydration renders the
 * same HTML; the queries then refresh on their usual schedule.
 */
function seedFromPage() {
  const block = document.getElementById('page-data');
  if (!block?.textContent) return;
  try {
    const { now, seed } = JSON.parse(block.textContent) as { now: string; seed: [unknown[], unknown][] };
    const at = Date.parse(now);
    for (const [key, data] of seed) {
      queryClient.setQueryData(key, data, { updatedAt: at });
      markServed(key);
    }
    setRenderedAt(new Date(at));
  } catch (err) {
    console.error('page data:', err); // the page still hydrates; a mismatch is rendered afresh
  }
}

/**
 * The page asked for its first API answers with itself (preloads), in the language the server chose for it. When
 * the app starts in another one (this browser's choice is in localStorage, which the server cannot see, and its
 * cookie was gone), those answers are used up here, unread, so the app's own calls ask again in its language.
 */
async function dropPreloadsOfAnotherLanguage() {
  const pageLang = document.documentElement.lang;
  if (!pageLang || pageLang === initialLang()) return;
  const urls = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map(
    (l) => l.href,
  );
  const packId = new URLSearchParams(window.location.search).get('packId');
  if (window.location.pathname === '/pack-detail' && packId && /^\d{1,10}$/.test(packId))
    urls.push(`/api/user/pack/detail/${packId}`); // the server's Link header
  await Promise.all(
    urls.map((url) =>
      fetch(url, { credentials: 'same-origin' })
        .then((res) => res.arrayBuffer())
        .catch(() => undefined),
    ),
  );
}

/** Each step in a task of its own (lib/next-task.ts): a phone answers a tap in between. */
export async function start() {
  await dropPreloadsOfAnotherLanguage();
  const page = prerendered();
  // the member's language (one small chunk per namespace) before the first render
  await setupI18n(page?.namespaces);
  await nextTask();
  const hydrationData = page ? await hydrationDataFor(new URL(window.location.href)) : null;
  await nextTask();
  if (hydrationData) {
    seedFromPage();
    const router = createRouter(hydrationData);
    // the page's answers are this entry's until the member navigates (lib/served-answers.ts)
    const served = router.state.location;
    const unsubscribe = router.subscribe((state) => {
      if (state.navigation.state === 'idle' && state.location === served) return;
      forgetServed();
      unsubscribe();
    });
    await nextTask();
    // as a transition: React hydrates in slices and answers a tap in between (the page is already painted)
    startTransition(() => {
      hydrateRoot(root!, app(router), {
        // a page that does not match its prerender is rendered afresh by React; say which (the e2e suite looks)
        onRecoverableError: (error) => console.error('hydration:', error),
      });
    });
    return;
  }
  createRoot(root!).render(app(createRouter()));
}
