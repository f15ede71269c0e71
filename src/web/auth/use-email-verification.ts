import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { currentUserQueryKey } from './use-current-user';

/**
 * GET /api/auth/verify-email with the link's token. A query rather than a mutation so that the
 * one-use token is sent once per page, however often the page renders.
 */
export function useEmailVerification(token: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['/api/auth/verify-email', token],
    enabled: token !== null,
    queryFn: async () => {
      const verified = await answer(api.GET('/api/auth/verify-email', { params: { query: { token: token ?? '' } } }));
      // Whoever is signed in here may be the person just verified.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return verified;
    },
  });
}
