import type { Link } from '@shared/links-schemas';
import { PendingButton } from '@web/components/pending-button';
import { formatDay } from '@web/lib/zoned-time';

interface DuplicateNoticeProps {
  /** The link already in the stash, as the server answered it. */
  existing: Link;
  saving: boolean;
  onSaveAgain: () => void;
}

/** docs/product/links.md, Duplicate detection: says when the page was first saved, and lets the user save it again on purpose. */
export function DuplicateNotice({ existing, saving, onSaveAgain }: DuplicateNoticeProps) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <span>Already in your stash — saved on {formatDay(existing.savedOn)}.</span>
      <PendingButton type="button" size="sm" variant="outline" pending={saving} pendingLabel="Saving..." onClick={onSaveAgain}>
        Save it again
      </PendingButton>
    </div>
  );
}
