import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { setupI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { createRouter } from './app/router.tsx';
import '@gacha/client/styles/base.css';
import './app/console.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

void setupI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
