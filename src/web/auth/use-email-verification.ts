import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageAnswer } from '@shared/auth-schemas';
import { apiRequest } from '@web/lib/api';
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
      const answer = await apiRequest<z.infer<typeof messageAnswer>>(
        'GET',
        `/api/auth/verify-email?${new URLSearchParams({ token: token ?? '' })}`,
      );
      // Whoever is signed in here may be the person just verified.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return answer;
    },
  });
}
