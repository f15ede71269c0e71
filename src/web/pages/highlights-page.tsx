import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { useCurrentUser } from '@web/auth/use-current-user';
import { useCategoryCounts } from '@web/categories/category-queries';
import { Page } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { selectClass } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { useHighlightsPage } from '@web/highlights/highlight-queries';
import { HighlightsList } from '@web/highlights/highlights-list';
import { pageOfText } from '@web/history/pagination-text';
import { cn } from '@web/lib/cn';

const PAGE_SIZE = 20;

/** /highlights: every passage the user highlighted, newest first, maybe of one category, each opening the reader at it. */
export function HighlightsPage() {
  const { user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const category = search.get('category') || undefined;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const highlights = useHighlightsPage({ page, limit: PAGE_SIZE, category });
  const categories = useCategoryCounts();
  const used = (categories.data ?? []).filter((item) => item.count > 0).map((item) => item.category);
  if (category && !used.includes(category)) used.push(category);

  if (!user) return null;
  const change = (next: { category?: string; page?: number }) =>
    setSearch((params) => {
      const out = new URLSearchParams(params);
      if ('category' in next) {
        if (next.category) out.set('category', next.category);
        else out.delete('category');
        out.delete('page');
      }
      if (next.page) {
        if (next.page > 1) out.set('page', String(next.page));
        else out.delete('page');
      }
      return out;
    });
  const pagination = highlights.data?.pagination;

  return (
    <Page title="Highlights">
      <p className="mt-2 text-muted-foreground">The passages you marked while reading, newest first.</p>
      <div className="mt-6 grid gap-6">
        <div className="grid max-w-xs gap-1">
          <label htmlFor="highlights-category" className="text-sm font-medium">
            Category
          </label>
          <select
            id="highlights-category"
            className={`${selectClass} w-full min-w-0`}
            value={category ?? ''}
            onChange={(event) => change({ category: event.target.value || undefined })}
          >
            <option value="">All categories</option>
            {used.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div aria-busy={highlights.isPending || highlights.isPlaceholderData} className={cn(highlights.isPlaceholderData && 'opacity-60')}>
          {highlights.isPending ? (
            <div className="grid gap-4" role="status" aria-label="Loading highlights">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : highlights.isError && !highlights.data ? (
            <div role="alert" className="grid justify-items-start gap-2">
              <p>Your highlights could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => highlights.refetch()}>
                Try again
              </Button>
            </div>
          ) : highlights.data.highlights.length === 0 ? (
            <div className="rounded-lg border border-dashed border-border p-8 text-center">
              <p className="font-medium">{category ? `No highlights in ${category}` : 'No highlights yet'}</p>
              {!category && (
                <p className="mt-1 text-sm text-muted-foreground">Select text in the reader and choose Highlight to keep a passage.</p>
              )}
            </div>
          ) : (
            <HighlightsList highlights={highlights.data.highlights} timezone={user.timezone} />
          )}
        </div>
        {pagination && pagination.totalPages > 1 && (
          <nav aria-label="Pagination" className="flex flex-wrap items-center justify-end gap-3 text-sm">
            <Button variant="outline" size="sm" disabled={!pagination.hasPrev} onClick={() => change({ page: page - 1 })}>
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <span>{pageOfText(pagination)}</span>
            <Button variant="outline" size="sm" disabled={!pagination.hasNext} onClick={() => change({ page: page + 1 })}>
              Next
              <ChevronRight aria-hidden />
            </Button>
          </nav>
        )}
      </div>
    </Page>
  );
}
