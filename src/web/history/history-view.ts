import type { HistoryQuery } from '@shared/links-schemas';
import { DEFAULT_PAGE_SIZE, HISTORY_PAGE_SIZES } from '@shared/plans';

/*
 * What My Stash shows, kept in the URL's query (?page=2&limit=50&category=Work&q=rust&unread=true)
 * so a reload, a shared link and the back button all bring the same view back.
 */

export type PageSize = (typeof HISTORY_PAGE_SIZES)[number];

export interface HistoryView {
  page: number;
  limit: PageSize;
  /** One category chip, or the 'Newsletter' chip, or neither ('All Categories'). */
  category: string | null;
  newsletter: boolean;
  q: string;
  unread: boolean;
}

export function parseHistoryView(search: string): HistoryView {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const category = params.get('category')?.trim() || null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (HISTORY_PAGE_SIZES as readonly number[]).includes(limit) ? (limit as PageSize) : DEFAULT_PAGE_SIZE,
    category,
    newsletter: category === null && params.get('newsletter') === 'true',
    q: params.get('q')?.trim() ?? '',
    unread: params.get('unread') === 'true',
  };
}

/** The query string of a view, defaults left out ('' for the first page of everything). */
export function historyViewSearch(view: HistoryView): string {
  const params = new URLSearchParams();
  if (view.page > 1) params.set('page', String(view.page));
  if (view.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(view.limit));
  if (view.category) params.set('category', view.category);
  if (view.newsletter) params.set('newsletter', 'true');
  if (view.q) params.set('q', view.q);
  if (view.unread) params.set('unread', 'true');
  return params.toString();
}

/** The view after a change; changing anything but the page starts again at page 1. */
export function changeHistoryView(view: HistoryView, change: Partial<HistoryView>): HistoryView {
  return { ...view, page: 1, ...change };
}

/** The GET /api/links/history query for a view. */
export function historyQueryOf(view: HistoryView): HistoryQuery {
  return {
    page: view.page,
    limit: view.limit,
    ...(view.category && { category: view.category }),
    ...(view.newsletter && { newsletter: 'true' as const }),
    ...(view.q && { q: view.q }),
    ...(view.unread && { unread: 'true' as const }),
  };
}

/** The empty messages of docs/product/links.md, My Stash, and ours for a search or the unread filter. */
export function historyEmptyMessage(view: HistoryView): string {
  if (view.q) return `No links match “${view.q}”`;
  if (view.category) return `No links found in the '${view.category}' category`;
  if (view.newsletter) return 'No links have been included in newsletters';
  if (view.unread) return 'No unread links: you have read everything you saved';
  return 'Your history is empty';
}
