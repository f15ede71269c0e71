import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@web/auth/use-current-user';
import { answer, api } from '@web/lib/api';

const invitationsQueryKey = ['/api/invitations'] as const;

export function useInvitations() {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => answer(api.GET('/api/invitations', { signal })) });
}

/** Sends one invitation; the counts live on the user too, so both are refreshed. */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => answer(api.POST('/api/invitations', { body: { email } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
