import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryItem } from '@shared/links-schemas';
import type { PublishCategoryBody, SharedLinkItem, SharingOverview, SubscriberDigestSchedule } from '@shared/sharing';
import { currentUserQueryKey } from '@web/auth/use-current-user';
import { categoryQueryKeys } from '@web/categories/category-queries';
import { apiRequest } from '@web/lib/api';

export const sharingQueryKey = ['/api/sharing'] as const;

/** Settings → Sharing: public categories with their figures, and shared links. */
export function useSharingOverview() {
  return useQuery<SharingOverview>({ queryKey: sharingQueryKey });
}

/** PUT /api/user/handle. */
export function useSetHandle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => apiRequest<{ handle: string }>('PUT', '/api/user/handle', { handle }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** PATCH /api/categories/{id}: publish, unpublish, or change the page's options. */
export function usePublishCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PublishCategoryBody & { id: string }) =>
      apiRequest<CategoryItem>('PATCH', `/api/categories/${encodeURIComponent(id)}`, body),
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
    mutationFn: (linkId: string) => apiRequest<SharedLinkItem>('POST', '/api/shared-links', { linkId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingQueryKey }),
  });
}

/** DELETE /api/shared-links/{id}: the address answers 404 at once. */
export function useRevokeSharedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/shared-links/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingQueryKey }),
  });
}

/** PUT /api/sharing/digest-schedule: the weekday and hour of the subscribers' weekly e-mail. */
export function useSetSubscriberDigestSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: SubscriberDigestSchedule) =>
      apiRequest<SubscriberDigestSchedule>('PUT', '/api/sharing/digest-schedule', schedule),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingQueryKey }),
  });
}
