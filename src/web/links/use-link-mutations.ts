import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveLinkBody, UpdateLinkBody } from '@shared/links-schemas';
import { track } from '@web/analytics/track';
import { answer, api } from '@web/lib/api';
import { refreshLinkData } from './link-queries';

/** POST /api/links. A duplicate answer ({ duplicate: true }) saved nothing, so nothing is refreshed. */
export function useSaveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveLinkBody) => answer(api.POST('/api/links', { body })),
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
      answer(api.PATCH('/api/links/{id}', { params: { path: { id } }, body: { includeInNewsletter } })),
    // Counted at the click: the switch shows its new state at once, and the page may be left before the answer.
    onMutate: ({ includeInNewsletter }) => track('link_newsletter_toggle', { includeInNewsletter }),
    onSettled: () => refreshLinkData(queryClient),
  });
}

/** DELETE /api/links/{id}. */
export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.DELETE('/api/links/{id}', { params: { path: { id } } })),
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
      answer(api.PATCH('/api/links/{id}', { params: { path: { id } }, body: { read } })),
    onSettled: () => refreshLinkData(queryClient),
  });
}

/** PATCH /api/links/{id}: the edit dialog's title, notes and categories. */
export function useEditLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string } & Pick<UpdateLinkBody, 'title' | 'notes' | 'categories'>) =>
      answer(api.PATCH('/api/links/{id}', { params: { path: { id } }, body: changes })),
    onSuccess: () => refreshLinkData(queryClient),
  });
}

/** POST /api/links/{id}/refresh: read a page again whose readable copy could not be made. */
export function useRefreshPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.POST('/api/links/{id}/refresh', { params: { path: { id } } })),
    onSuccess: () => refreshLinkData(queryClient),
  });
}
