import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth-schemas';
import { getQueryFn } from '@web/lib/api';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** GET /api/auth/user; a 401 answers null ("nobody is signed in") rather than failing. */
export const currentUserQuery = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
});

/** The signed-in user, or null when nobody is (the server answers 401, or the call failed). */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(currentUserQuery);
  return { user: data ?? null, isLoading };
}
