import { Link as RouterLink } from 'wouter';
import type { Link } from '@shared/links-schemas';
import { paths } from '@shared/routes';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { dayInZone, formatDay } from '@web/lib/zoned-time';

interface DuplicateNoticeProps {
  /** The link already in the stash, as the server answered it. */
  existing: Link;
  /** The user's time zone: "today" is their today. */
  timeZone: string;
  /** Notes typed in the form, which the saved link can take instead of a second save. */
  typedNotes: string;
  saving: boolean;
  addingNotes: boolean;
  onSaveAgain: () => void;
  onAddNotes: () => void;
}

/** "saved today" or "saved on May 30, 2025", in the user's own time zone. */
export function savedWhen(savedOn: string, timeZone: string, now = new Date()): string {
  return savedOn === dayInZone(now, timeZone) ? 'saved today' : `saved on ${formatDay(savedOn)}`;
}

/**
 * docs/product/links.md, Duplicate detection: says when the page was first saved, and offers the
 * ways on: open the saved link, add the notes just typed to it, or save it again on purpose.
 */
export function DuplicateNotice({ existing, timeZone, typedNotes, saving, addingNotes, onSaveAgain, onAddNotes }: DuplicateNoticeProps) {
  return (
    <div
      role="status"
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <span>Already in your stash — {savedWhen(existing.savedOn, timeZone)}.</span>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <RouterLink href={paths.read.replace(':id', existing.id)}>Open the saved link</RouterLink>
        </Button>
        {typedNotes.trim() !== '' && (
          <PendingButton type="button" size="sm" variant="outline" pending={addingNotes} pendingLabel="Adding..." onClick={onAddNotes}>
            Add my notes to it
          </PendingButton>
        )}
        <PendingButton type="button" size="sm" variant="outline" pending={saving} pendingLabel="Saving..." onClick={onSaveAgain}>
          Save it again
        </PendingButton>
      </div>
    </div>
  );
}
