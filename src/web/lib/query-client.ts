import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * docs/product/errors-and-limits.md, Client errors: cached data never goes stale, nothing refetches on focus or polls, and
 * nothing retries. Mutation hooks refresh what they change by invalidating its query key.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
