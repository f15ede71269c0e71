import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TextAnchor } from '@shared/highlight-anchor';
import type { Highlight, HighlightsQuery, UpdateHighlightBody } from '@shared/highlight-schemas';
import { answer, api } from '@web/lib/api';
import { refreshLinkData } from '@web/links/link-queries';

/** The highlights calls (docs/product/api.md); a key's first element is its path. */
export const linkHighlightsKey = (linkId: string) => [`/api/links/${encodeURIComponent(linkId)}/highlights`] as const;
const allHighlightsKey = ['/api/highlights'] as const;

/** One link's highlights, in reading order. */
export function useLinkHighlights(linkId: string) {
  return useQuery<Highlight[]>({
    queryKey: linkHighlightsKey(linkId),
    queryFn: (): Promise<Highlight[]> => answer(api.GET('/api/links/{id}/highlights', { params: { path: { id: linkId } } })),
    retry: false,
  });
}

/** One page of every highlight of the user, newest first. */
export function useHighlightsPage(query: Pick<HighlightsQuery, 'page' | 'limit' | 'category' | 'q'>) {
  return useQuery({
    queryKey: [...allHighlightsKey, query],
    queryFn: () =>
      answer(
        api.GET('/api/highlights', {
          params: { query: { page: query.page, limit: query.limit, category: query.category || undefined, q: query.q || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** After a highlight changes: the link's list, every highlights page, and the link cards that count them. */
function refreshHighlights(queryClient: QueryClient, linkId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: linkHighlightsKey(linkId) }),
    queryClient.invalidateQueries({ queryKey: allHighlightsKey }),
    refreshLinkData(queryClient),
  ]);
}

/** Changes the link's cached list at once, so the paint follows the click rather than the answer. */
function setCached(queryClient: QueryClient, linkId: string, change: (list: Highlight[]) => Highlight[]) {
  queryClient.setQueryData<Highlight[]>(linkHighlightsKey(linkId), (list) => (list ? change(list) : list));
}

export function useCreateHighlight(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TextAnchor & { note?: string }): Promise<Highlight> =>
      answer(api.POST('/api/links/{id}/highlights', { params: { path: { id: linkId } }, body })),
    onSuccess: (created) => {
      setCached(queryClient, linkId, (list) => [...list, created].sort((a, b) => a.start - b.start));
      return refreshHighlights(queryClient, linkId);
    },
  });
}

export function useUpdateHighlight(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateHighlightBody & { id: string }): Promise<Highlight> =>
      answer(api.PATCH('/api/highlights/{id}', { params: { path: { id } }, body })),
    onMutate: ({ id, color, note }) =>
      setCached(queryClient, linkId, (list) =>
        list.map((h) => (h.id === id ? { ...h, ...(color && { color }), ...(note !== undefined && { note: note || null }) } : h)),
      ),
    onSettled: () => refreshHighlights(queryClient, linkId),
  });
}

export function useDeleteHighlight(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.DELETE('/api/highlights/{id}', { params: { path: { id } } })),
    onSuccess: (_answer, id) => {
      setCached(queryClient, linkId, (list) => list.filter((h) => h.id !== id));
      return refreshHighlights(queryClient, linkId);
    },
  });
}
