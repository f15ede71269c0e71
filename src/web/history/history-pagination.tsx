import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { HistoryPage } from '@shared/links-schemas';
import { Button } from '@web/components/ui/button';
import { pageOfText, showingText } from './pagination-text';

export function HistoryPagination({ pagination, onPage }: { pagination: HistoryPage['pagination']; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{showingText(pagination)}</p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={!pagination.hasPrev} onClick={() => onPage(pagination.page - 1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <span>{pageOfText(pagination)}</span>
        <Button variant="outline" size="sm" disabled={!pagination.hasNext} onClick={() => onPage(pagination.page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
