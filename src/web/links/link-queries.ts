import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { HistoryPage, HistoryQuery, Link, LinkCounts } from '@shared/links-schemas';
import { categoryQueryKeys } from '@web/categories/category-queries';
import { apiRequest } from '@web/lib/api';

/** The link calls of SPEC.md section 7; a key's first element is its path. */
export const linkQueryKeys = {
  today: ['/api/links/today'],
  history: ['/api/links/history'],
  counts: ['/api/links/count'],
} as const;

/** Links saved today in the user's time zone, newest first. */
export function useTodayLinks() {
  return useQuery<Link[]>({ queryKey: linkQueryKeys.today });
}

/** One page of My Stash. The previous page stays on screen while the next one loads. */
export function useHistoryPage(query: HistoryQuery) {
  return useQuery({
    queryKey: [...linkQueryKeys.history, query],
    queryFn: () => apiRequest<HistoryPage>('GET', `/api/links/history?${historySearch(query)}`),
    placeholderData: keepPreviousData,
  });
}

function historySearch(query: HistoryQuery): URLSearchParams {
  const search = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.category) search.set('category', query.category);
  if (query.q) search.set('q', query.q);
  if (query.unread) search.set('unread', query.unread);
  if (query.newsletter) search.set('newsletter', query.newsletter);
  return search;
}

/** How many links the user has, how many are in the newsletter, and this month's saves. */
export function useLinkCounts() {
  return useQuery<LinkCounts>({ queryKey: linkQueryKeys.counts });
}

/** The reader view's copy of a link's page, with the link's title, notes and categories. */
export const linkContentKey = (id: string) => [`/api/links/${id}/content`] as const;
const isLinkContentKey = (key: readonly unknown[]) => typeof key[0] === 'string' && /^\/api\/links\/[^/]+\/content$/.test(key[0]);

/** After a link is saved, changed or deleted: every list, count and category tally that shows links, and the reader views. */
export function refreshLinkData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    ...[linkQueryKeys.today, linkQueryKeys.history, linkQueryKeys.counts, categoryQueryKeys.used, categoryQueryKeys.withCounts].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
    queryClient.invalidateQueries({ predicate: (query) => isLinkContentKey(query.queryKey) }),
  ]);
}
