import { useRef, useState, type FormEvent } from 'react';
import type { CurrentUser } from '@shared/auth-schemas';
import { linkLengths } from '@shared/link-lengths';
import type { Link, SaveLinkBody } from '@shared/links-schemas';
import { usePublicConfig } from '@web/analytics/public-config';
import { userCan } from '@web/auth/user-can';
import { CategoryPicker } from '@web/categories/category-picker';
import { FormField, TextareaField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { useFocusShortcut } from '@web/lib/use-focus-shortcut';
import { toast } from '@web/toasts/use-toast';
import { DuplicateNotice } from './duplicate-notice';
import { useLinkCounts } from './link-queries';
import { NewsletterChoice } from './newsletter-choice';
import { useEditLink, useSaveLink } from './use-link-mutations';
import { useLinkFields } from './use-link-fields';

/** A save the server answered with "already in your stash", kept while the URL typed stays the same. */
interface Duplicate {
  typedUrl: string;
  existing: Link;
  body: SaveLinkBody;
}

/** Values the form opens with, e.g. a page shared from another app (/share). */
export interface LinkPrefill {
  url?: string;
  notes?: string;
  /** The page's title as the sharing app gave it: saved with the link while the URL is the one shared. */
  title?: string;
}

export function AddLinkForm({ user, initial, onSaved }: { user: CurrentUser; initial?: LinkPrefill; onSaved?: (link: Link) => void }) {
  const saveLink = useSaveLink();
  const editLink = useEditLink();
  const counts = useLinkCounts();
  const fields = useLinkFields(usePublicConfig()?.localhostLinks ?? false, initial);
  const { url: typedUrl, notes: typedNotes } = fields.values;
  const [picked, setPicked] = useState<string[]>([]);
  const [includeInNewsletter, setIncludeInNewsletter] = useState(true);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  const urlInput = useRef<HTMLInputElement | null>(null);
  useFocusShortcut('n', urlInput);

  const canChooseNewsletter = userCan(user, 'toggleNewsletterInclusion');
  const { ref: urlFieldRef, ...urlField } = fields.field('url');

  const startOver = () => {
    fields.reset();
    setPicked([]);
    setIncludeInNewsletter(true);
    setDuplicate(null);
    // Ready for the next link.
    urlInput.current?.focus();
  };

  /** The notes just typed, added under the saved link's own instead of saving the page twice. */
  const addNotesTo = (existing: Link) => {
    const typed = typedNotes.trim();
    const notes = existing.notes?.trim() ? `${existing.notes.trim()}\n\n${typed}` : typed;
    editLink.mutate(
      { id: existing.id, notes },
      {
        onSuccess: () => {
          toast({ title: 'Notes added', description: 'Your notes were added to the link already in your stash.' });
          startOver();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to add your notes', description: serverMessage(error, 'Please try again.') }),
      },
    );
  };

  const save = (body: SaveLinkBody) =>
    saveLink.mutate(body, {
      onSuccess: (answer) => {
        if (answer.duplicate) {
          setDuplicate({ typedUrl, existing: answer.link, body });
          return;
        }
        toast({ title: 'Link saved successfully!', description: "Your link has been added to today's stash." });
        onSaved?.(answer.link);
        startOver();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to save link',
          description: serverMessage(error, 'An error occurred while trying to save your link.'),
        }),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await fields.checkForSave().catch(() => {
      toast({ variant: 'destructive', title: 'Failed to save link', description: 'Stash could not be reached. Please try again.' });
      return undefined;
    });
    if (!checked) return;
    save({
      url: checked.url,
      title: initial?.title && typedUrl === initial.url ? initial.title : undefined,
      notes: checked.notes || undefined,
      category: picked[0],
      categories: picked,
      includeInNewsletter: canChooseNewsletter ? includeInNewsletter : undefined,
    });
  };

  return (
    <form aria-label="Add a link" onSubmit={submit} onFocus={fields.preload} noValidate className="grid gap-5">
      <FormField
        label="URL"
        inputMode="url"
        autoComplete="off"
        placeholder={window.location.host}
        hint="https:// is added if needed."
        aria-keyshortcuts="n"
        lengthRule={linkLengths.url}
        {...urlField}
        ref={(element) => {
          urlFieldRef(element);
          urlInput.current = element;
        }}
      />
      <TextareaField
        label="Notes"
        id="link-notes"
        rows={2}
        className="min-h-0"
        placeholder="Why do you want to read this? (optional)"
        lengthRule={linkLengths.notes}
        {...fields.field('notes')}
      />
      {typedUrl.trim() !== '' && (
        <CategoryPicker picked={picked} onChange={setPicked} canUseCustom={userCan(user, 'createCustomCategory')} />
      )}
      <NewsletterChoice
        canChoose={canChooseNewsletter}
        checked={includeInNewsletter}
        onCheckedChange={setIncludeInNewsletter}
        isFirstLink={counts.data?.count === 0}
      />
      {duplicate && duplicate.typedUrl === typedUrl && (
        <DuplicateNotice
          existing={duplicate.existing}
          timeZone={user.timezone}
          typedNotes={typedNotes}
          saving={saveLink.isPending}
          addingNotes={editLink.isPending}
          onSaveAgain={() => save({ ...duplicate.body, allowDuplicate: true })}
          onAddNotes={() => addNotesTo(duplicate.existing)}
        />
      )}
      <PendingButton type="submit" className="justify-self-start" pending={saveLink.isPending} pendingLabel="Saving...">
        Save Link
      </PendingButton>
    </form>
  );
}
