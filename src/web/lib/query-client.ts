import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product/errors-and-limits.md, Client errors: cached data never goes stale, nothing refetches on focus or polls, and
 * nothing retries. Mutation hooks refresh what they change by invalidating its query key.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
