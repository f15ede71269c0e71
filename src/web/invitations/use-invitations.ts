import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationsAnswer, SentInvitation } from '@shared/invitation-schemas';
import { currentUserQueryKey } from '@web/auth/use-current-user';
import { apiRequest } from '@web/lib/api';

const invitationsQueryKey = ['/api/invitations'] as const;

export function useInvitations() {
  return useQuery<InvitationsAnswer>({ queryKey: invitationsQueryKey });
}

/** Sends one invitation; the counts live on the user too, so both are refreshed. */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest<SentInvitation>('POST', '/api/invitations', { email }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
