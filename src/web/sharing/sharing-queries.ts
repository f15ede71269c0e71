import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublishCategoryBody, SharingOverview, SubscriberDigestSchedule } from '@shared/sharing';
import { currentUserQueryKey } from '@web/auth/use-current-user';
import { categoryQueryKeys } from '@web/categories/category-queries';
import { answer, api } from '@web/lib/api';

export const sharingQueryKey = ['/api/sharing'] as const;

/** Settings → Sharing: public categories with their figures, and shared links. */
export function useSharingOverview() {
  return useQuery({
    queryKey: sharingQueryKey,
    queryFn: ({ signal }): Promise<SharingOverview> => answer(api.GET('/api/sharing', { signal })),
  });
}

/** PUT /api/user/handle. */
export function useSetHandle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => answer(api.PUT('/api/user/handle', { body: { handle } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** PATCH /api/categories/{id}: publish, unpublish, or change the page's options. */
export function usePublishCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PublishCategoryBody & { id: string }) =>
      answer(api.PATCH('/api/categories/{id}', { params: { path: { id } }, body })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryQueryKeys.custom }),
        queryClient.invalidateQueries({ queryKey: sharingQueryKey }),
      ]),
  });
}

/** POST /api/shared-links: a new address for one saved link, shown once. */
export function useShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => answer(api.POST('/api/shared-links', { body: { linkId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingQueryKey }),
  });
}

/** DELETE /api/shared-links/{id}: the address answers 404 at once. */
export function useRevokeSharedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.DELETE('/api/shared-links/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingQueryKey }),
  });
}

/** PUT /api/sharing/digest-schedule: the weekday and hour of the subscribers' weekly e-mail. */
export function useSetSubscriberDigestSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriberDigestSchedule) => answer(api.PUT('/api/sharing/digest-schedule', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingQueryKey }),
  });
}
