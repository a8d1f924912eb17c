import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiStateError } from './api.ts';

/**
 * Both apps' TanStack Query client: a query refused by the server (an ApiStateError: its answer is final) is not
 * retried, any other failure once; a call the user starts goes out at once, and without a network fails with its
 * message (no paused queue). `onError` sees every failed query and call (the console reloads its session on 401).
 */
export function createQueryClient(opts: { staleTime: number; onError?: (err: unknown) => void }) {
  const { staleTime, onError } = opts;
  return new QueryClient({
    ...(onError && {
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
    }),
    defaultOptions: {
      queries: {
        staleTime,
        refetchOnWindowFocus: false,
        retry: (count, err) => !(err instanceof ApiStateError) && count < 1,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
