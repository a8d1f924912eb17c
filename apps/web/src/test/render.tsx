import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import i18next from 'i18next';
import { NAMESPACES, MESSAGES_NS, setupI18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';

let ready: Promise<unknown> | null = null;

/** i18next as the app starts it (English), with every namespace loaded so pages render at once. */
export function loadI18n(lang: 'en' | 'ja' = 'en') {
  ready ??= setupI18n().then(() => i18next.loadNamespaces([...NAMESPACES, MESSAGES_NS]));
  return ready.then(() => i18next.changeLanguage(lang));
}

/** Shows where the app went: the path and the navigation state, for routes the test does not render. */
export function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="landing">
      {name} {location.search} {JSON.stringify(location.state ?? null)}
    </p>
  );
}

/**
 * Renders `routes` (path → element) in a memory router at `url`, inside the app's query client (emptied first)
 * and a Suspense boundary, as main.tsx does.
 */
export function renderAt(url: string, routes: Record<string, ReactNode>) {
  queryClient.clear();
  const router = createMemoryRouter(
    Object.entries(routes).map(([path, element]) => ({ path, element })),
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
