import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSettingsBody } from '@shared/digest-settings';
import { currentUserQueryKey } from '@web/auth/use-current-user';
import { answer, api } from '@web/lib/api';

const digestPreviewQueryKey = ['/api/digest/preview'] as const;

/**
 * GET /api/digest/preview. Links saved, toggled or read elsewhere change it, so it is fetched
 * again each time the tab opens rather than kept like the app's other queries.
 */
export function useDigestPreview() {
  return useQuery({
    queryKey: digestPreviewQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/api/digest/preview', { signal })),
    refetchOnMount: 'always',
  });
}

/** PUT /api/user/settings; the answer is the updated user, and the next digest may have moved. */
export function useSaveDigestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestSettingsBody) => answer(api.PUT('/api/user/settings', { body })),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: digestPreviewQueryKey });
    },
  });
}

/** POST /api/send-digest-now: what it sent is no longer new, so the preview changes. */
export function useSendDigestNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.POST('/api/send-digest-now')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: digestPreviewQueryKey }),
  });
}
