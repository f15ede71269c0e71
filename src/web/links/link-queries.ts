import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { HistoryQuery, Link } from '@shared/links-schemas';
import { categoryQueryKeys } from '@web/categories/category-queries';
import { answer, api } from '@web/lib/api';

/** The link calls (docs/product/api.md); a key's first element is its path. */
export const linkQueryKeys = {
  today: ['/api/links/today'],
  history: ['/api/links/history'],
  counts: ['/api/links/count'],
} as const;

/** How long after saving a link its list keeps looking whether the page has been read. */
const READING_WAIT_MS = 2 * 60 * 1000;

/**
 * While a link saved in the last two minutes waits for its page to be read, its list is loaded
 * again every 2 s, so the card fills in (site name, excerpt, reading time) without a reload.
 * Imported links keep their old dates, so an import's queue never keeps a list polling.
 */
function whilePagesAreRead(links: Link[] | undefined): number | false {
  const now = Date.now();
  return links?.some((link) => link.contentStatus === 'pending' && now - Date.parse(link.createdAt) < READING_WAIT_MS) ? 2000 : false;
}

/** Links saved today in the user's time zone, newest first. */
export function useTodayLinks() {
  return useQuery({
    queryKey: linkQueryKeys.today,
    queryFn: ({ signal }) => answer(api.GET('/api/links/today', { signal })),
    refetchInterval: (query) => whilePagesAreRead(query.state.data),
  });
}

/** One page of My Stash. The previous page stays on screen while the next one loads. */
export function useHistoryPage(query: HistoryQuery) {
  return useQuery({
    queryKey: [...linkQueryKeys.history, query],
    queryFn: () => answer(api.GET('/api/links/history', { params: { query: historySearch(query) } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whilePagesAreRead(query.state.data?.links),
  });
}

/** The page's filters, without the empty ones (an empty search is no search). */
function historySearch(query: HistoryQuery): HistoryQuery {
  const { page, limit, category, q, unread, newsletter } = query;
  return {
    page,
    limit,
    category: category || undefined,
    q: q || undefined,
    unread: unread || undefined,
    newsletter: newsletter || undefined,
  };
}

/** How many links the user has, how many are in the newsletter, and this month's saves. */
export function useLinkCounts() {
  return useQuery({ queryKey: linkQueryKeys.counts, queryFn: ({ signal }) => answer(api.GET('/api/links/count', { signal })) });
}

/** The reader view's copy of a link's page, with the link's title, notes and categories. */
export const linkContentKey = (id: string) => [`/api/links/${id}/content`] as const;
const isLinkContentKey = (key: readonly unknown[]) => typeof key[0] === 'string' && /^\/api\/links\/[^/]+\/content$/.test(key[0]);

/** After a link is saved, changed or deleted: every list, count and category tally that shows links, and the reader views. */
export function refreshLinkData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    ...[linkQueryKeys.today, linkQueryKeys.history, linkQueryKeys.counts, categoryQueryKeys.withCounts].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
    queryClient.invalidateQueries({ predicate: (query) => isLinkContentKey(query.queryKey) }),
  ]);
}
