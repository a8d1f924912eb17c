import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.tsx';
import { setupI18n } from '../lib/i18n.ts';

/** The console at `path` (its real routes, guards and layout) with a fresh query cache, in `lang`. */
export async function renderConsole(path: string, lang: 'en' | 'ja' = 'en') {
  await setupI18n(lang);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchInterval: false },
      mutations: { networkMode: 'always' },
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
