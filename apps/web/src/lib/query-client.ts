import { QueryClient } from '@tanstack/react-query';
import { ApiStateError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiStateError) && count < 1,
    },
    // a call the member starts goes out at once; without a network it fails with its message (no paused queue)
    mutations: { networkMode: 'always' },
  },
});
