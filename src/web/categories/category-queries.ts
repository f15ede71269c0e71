import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

/** The category calls (docs/product/api.md); each query's key is its path, read by the default loader. */
export const categoryQueryKeys = {
  custom: ['/api/categories'],
  withCounts: ['/api/categories/with-counts'],
} as const;

/** docs/product/categories.md, Counts: the custom categories are cached for 5 minutes. */
const CUSTOM_CATEGORIES_STALE_MS = 5 * 60 * 1000;

/** The user's own categories (the ten presets are in src/shared/categories.ts). */
export function useCustomCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: categoryQueryKeys.custom,
    queryFn: ({ signal }) => answer(api.GET('/api/categories', { signal })),
    staleTime: CUSTOM_CATEGORIES_STALE_MS,
    enabled,
  });
}

/** How many links carry each category, most used first. */
export function useCategoryCounts() {
  return useQuery({
    queryKey: categoryQueryKeys.withCounts,
    queryFn: ({ signal }) => answer(api.GET('/api/categories/with-counts', { signal })),
  });
}
