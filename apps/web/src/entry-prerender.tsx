/**
 * The prerender entry (built with `vite build --ssr`, never served to a browser): renders a public page of the app
 * in one language for the app to hydrate (main.tsx).
 * - At build time (scripts/prerender.mjs) as the browser's first render shows it before any answer of the API (no
 *   member, no packs, no banners: their places held).
 * - At request time (the server's page renderer, apps/server/src/modules/site/page-renderer.ts) with the answers
 *   the page asks for first already in its cache (`seed`) and the clock at `now`: the same answers and time go
 *   into the page's data, so the browser's hydration renders the same HTML.
 */
import { StrictMode, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogueTexts } from '@gacha/contract/messages';
import type { RouteHandle } from './app/layout.tsx';
import { routes } from './app/router.tsx';
import { setRenderedAt } from './lib/use-now.ts';
import { MESSAGES_NS, NAMESPACES, SHARED_I18N_OPTIONS } from './lib/i18n.ts';

const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resources(lang: 'en' | 'ja') {
  const out: Record<string, Record<string, unknown>> = {
    [MESSAGES_NS]: catalogueTexts[lang],
  };
  for (const ns of NAMESPACES) out[ns] = localeFiles[`./locales/${lang}/${ns}.json`] ?? {};
  return out;
}

let ready: Promise<unknown> | null = null;
function setup() {
  ready ??= i18next.use(initReactI18next).init({
    ...SHARED_I18N_OPTIONS,
    resources: { en: resources('en'), ja: resources('ja') },
    lng: 'en',
    ns: [...NAMESPACES, MESSAGES_NS],
  });
  return ready;
}

/** The route table without loaders: nothing is asked of the API at build time. */
function withoutLoaders(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { loader: _loader, children, ...rest } = route as RouteObject & { children?: RouteObject[] };
    return (children ? { ...rest, children: withoutLoaders(children) } : rest) as RouteObject;
  });
}
const handler = createStaticHandler(withoutLoaders(routes));

export interface Prerendered {
  html: string;
  title: string;
  /** The namespaces the page used (the app loads them before hydrating). */
  namespaces: string[];
}

/** Answers already in the page's query cache, by query key (the keys the page's hooks use). */
export type Seed = [queryKey: readonly unknown[], data: unknown][];

export interface RenderOptions {
  seed?: Seed;
  /** The time the page shows (its countdowns); ISO. */
  now?: string;
}

/** One page in one language. Not reentrant (one i18next language at a time): the caller renders one by one. */
export async function render(
  url: string,
  lang: 'en' | 'ja',
  options: RenderOptions = {},
): Promise<Prerendered> {
  await setup();
  await i18next.changeLanguage(lang);
  const used = (i18next as unknown as { reportNamespaces?: { usedNamespaces: Record<string, boolean> } })
    .reportNamespaces;
  if (used) used.usedNamespaces = {};

  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const at = options.now ? Date.parse(options.now) : Date.now();
  for (const [key, data] of options.seed ?? []) queryClient.setQueryData(key, data, { updatedAt: at });
  setRenderedAt(options.now ? new Date(at) : null);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
    // one piece of HTML: React outlines a large boundary into a later segment that an inline script moves into
    // place, which the CSP (script-src 'self') forbids
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);

  const t = i18next.getFixedT(lang);
  const titleKey = [...context.matches]
    .reverse()
    .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const path = new URL(url, 'http://localhost').pathname;
  const title =
    titleKey && path !== '/'
      ? `${t(titleKey)} | ${t('brand.name')}`
      : `${t('brand.name')} — ${t('brand.tagline')}`;
  return { html, title, namespaces: Object.keys(used?.usedNamespaces ?? {}) };
}
