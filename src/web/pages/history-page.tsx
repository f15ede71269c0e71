import { useEffect } from 'react';
import { useCurrentUser } from '@web/auth/use-current-user';
import { Page } from '@web/components/page';
import { CategoryFilterChips } from '@web/history/category-filter-chips';
import { ChosenCategoryActions } from '@web/history/chosen-category-actions';
import { HistoryPagination } from '@web/history/history-pagination';
import { HistoryToolbar } from '@web/history/history-toolbar';
import { historyEmptyMessage, historyQueryOf } from '@web/history/history-view';
import { PocketSwitchLink } from '@web/history/pocket-switch-link';
import { useHistoryView } from '@web/history/use-history-view';
import { LinkList } from '@web/links/link-list';
import { useHistoryPage } from '@web/links/link-queries';
import { cn } from '@web/lib/cn';

/** /history, My Stash: every saved link by day, filtered, searched and paged through the URL. */
export function HistoryPage() {
  const { user } = useCurrentUser();
  const [view, updateView] = useHistoryView();
  const history = useHistoryPage(historyQueryOf(view));
  const pagination = history.data?.pagination;

  // Past the last page (its last link deleted, an old bookmark): show the last page there is.
  const pastTheEnd =
    pagination !== undefined && !history.isPlaceholderData && pagination.totalPages > 0 && view.page > pagination.totalPages;
  useEffect(() => {
    if (pastTheEnd) updateView({ page: pagination.totalPages }, { replace: true });
  }, [pastTheEnd, pagination, updateView]);

  // LoginRequired renders this page only once the user is known.
  if (!user) return null;

  const emptyTitle = historyEmptyMessage(view);
  const showPage = (page: number) => {
    updateView({ page });
    window.scrollTo(0, 0);
  };

  return (
    <Page title="My Stash">
      <p className="mt-2 text-muted-foreground">Browse all your previously saved links.</p>
      <div className="mt-6 grid gap-6">
        <PocketSwitchLink />
        <CategoryFilterChips view={view} onChange={updateView} />
        {view.category && <ChosenCategoryActions name={view.category} user={user} />}
        <HistoryToolbar view={view} onChange={updateView} />
        <div aria-busy={history.isPlaceholderData} className={cn(history.isPlaceholderData && 'opacity-60')}>
          <LinkList
            user={user}
            links={history.data?.links}
            isError={history.isError}
            layout={view.q ? 'latest' : 'byDay'}
            empty={{ title: emptyTitle, text: emptyTitle === 'Your history is empty' ? 'Save your first link to get started.' : undefined }}
          />
        </div>
        {pagination && pagination.total > 0 && <HistoryPagination pagination={pagination} onPage={showPage} />}
      </div>
    </Page>
  );
}
