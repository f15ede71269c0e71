import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Link, SaveLinkAnswer, SaveLinkBody, UpdateLinkBody } from '@shared/links-schemas';
import { track } from '@web/analytics/track';
import { apiRequest } from '@web/lib/api';
import { refreshLinkData } from './link-queries';

/** POST /api/links. A duplicate answer ({ duplicate: true }) saved nothing, so nothing is refreshed. */
export function useSaveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveLinkBody) => apiRequest<SaveLinkAnswer>('POST', '/api/links', body),
    onSuccess: (answer, body) => {
      if (answer.duplicate) return;
      track('link_save', { categories: body.categories?.length ?? 0, includeInNewsletter: body.includeInNewsletter ?? true });
      return refreshLinkData(queryClient);
    },
  });
}

/** PATCH /api/links/{id}: include the link in the newsletter or leave it out (Pro and trial). */
export function useSetNewsletterInclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, includeInNewsletter }: { id: string; includeInNewsletter: boolean }) =>
      apiRequest<Link>('PATCH', `/api/links/${encodeURIComponent(id)}`, { includeInNewsletter }),
    // Counted at the click: the switch shows its new state at once, and the page may be left before the answer.
    onMutate: ({ includeInNewsletter }) => track('link_newsletter_toggle', { includeInNewsletter }),
    onSettled: () => refreshLinkData(queryClient),
  });
}

/** DELETE /api/links/{id}. */
export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/links/${encodeURIComponent(id)}`),
    onSuccess: () => {
      track('link_delete');
      return refreshLinkData(queryClient);
    },
  });
}

/** PATCH /api/links/{id}: mark read (opening it does) or unread again. */
export function useSetRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      apiRequest<Link>('PATCH', `/api/links/${encodeURIComponent(id)}`, { read }),
    onSettled: () => refreshLinkData(queryClient),
  });
}

/** PATCH /api/links/{id}: the edit dialog's title, notes and categories. */
export function useEditLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string } & Pick<UpdateLinkBody, 'title' | 'notes' | 'categories'>) =>
      apiRequest<Link>('PATCH', `/api/links/${encodeURIComponent(id)}`, changes),
    onSuccess: () => refreshLinkData(queryClient),
  });
}

/** POST /api/links/{id}/refresh: read a page again whose readable copy could not be made. */
export function useRefreshPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('POST', `/api/links/${encodeURIComponent(id)}/refresh`),
    onSuccess: () => refreshLinkData(queryClient),
  });
}
