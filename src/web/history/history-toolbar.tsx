import { MailOpen } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { HistoryView } from './history-view';
import { HistorySearch } from './history-search';
import { PageSizeSelect } from './page-size-select';
import type { UpdateHistoryView } from './use-history-view';

/** Search, the 'Unread' filter and the page size. */
export function HistoryToolbar({ view, onChange }: { view: HistoryView; onChange: UpdateHistoryView }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* Typing replaces the history entry rather than adding one per pause. */}
      <HistorySearch value={view.q} onSearch={(q) => onChange({ q }, { replace: true })} />
      <Button
        variant={view.unread ? 'default' : 'outline'}
        size="sm"
        aria-pressed={view.unread}
        onClick={() => onChange({ unread: !view.unread })}
      >
        <MailOpen aria-hidden />
        Unread
      </Button>
      <PageSizeSelect value={view.limit} onChange={(limit) => onChange({ limit })} />
    </div>
  );
}
