import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@shared/auth-schemas';
import { answer, api } from '@web/lib/api';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null for a visitor. Asked of GET /api/auth/check, which answers 200 either
 * way: GET /api/auth/user answers a visitor 401, which the browser logs as an error on every page.
 */
export const currentUserQuery = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: async (): Promise<CurrentUser | null> => (await answer(api.GET('/api/auth/check'))).user,
});

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates a page the build prerendered (and in the build itself), true after
 * that and on every page rendered in the browser: React takes the third argument while hydrating.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** The signed-in user, or null when nobody is (or the call failed). */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(currentUserQuery);
  const hydrated = useHydrated();
  // The build knew nobody: until hydration is over, the page says what it said then, even if the
  // answer has already come (it can, while a large page hydrates), or React finds a mismatch.
  if (!hydrated) return { user: null, isLoading: true };
  return { user: data ?? null, isLoading };
}
