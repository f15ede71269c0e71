import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import type { LinkContent } from '@shared/links-schemas';
import { paths } from '@shared/routes';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ReaderHighlights } from '@web/highlights/reader-highlights';
import { ApiError, answer, api } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { linkContentKey } from '@web/links/link-queries';
import { useSetRead } from '@web/links/use-link-mutations';
import { OriginalLink, ReaderArticle, ReaderColumn, ReaderFrame } from './reader-frame';
import { useReaderPreferences } from './reader-preferences';
import { ReaderToolbar } from './reader-toolbar';
import { UnreadableCopy } from './unreadable-copy';
import { useReadWhenFinished } from './use-read-when-finished';

/** The link itself: its read state, and what became of reading its page. */
const linkKey = (id: string) => [`/api/links/${encodeURIComponent(id)}`] as const;

/**
 * The reader for the link's owner: the copy with their notes and categories, Mark as read or
 * unread, and reading to the end marks it read (docs/reading.md). Back and Esc return to where the
 * user came from, or to My Stash when the reader is the first page of the tab.
 */
export function SignedInReader({ id, user }: { id: string; user: CurrentUser }) {
  const [preferences, change] = useReaderPreferences();
  const [, navigate] = useLocation();
  const content = useQuery({
    queryKey: linkContentKey(id),
    queryFn: () => answer(api.GET('/api/links/{id}/content', { params: { path: { id } } })),
    retry: false,
  });
  const link = useQuery({
    queryKey: linkKey(id),
    queryFn: () => answer(api.GET('/api/links/{id}', { params: { path: { id } } })),
    retry: false,
  });
  const setRead = useSetRead();
  const [read, setReadState] = useState<boolean | null>(null);
  const end = useRef<HTMLDivElement | null>(null);
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const isRead = read ?? (link.data ? link.data.readAt !== null : false);

  const mark = (next: boolean) => {
    setReadState(next);
    setRead.mutate({ id, read: next });
  };
  const back = () => (isFirstPageOfTab() ? navigate(paths.history) : history.back());
  useEscapeToLeave(back);
  // Only a page not read yet, on its first visit here, is marked by reading it; a choice made here stands.
  useReadWhenFinished(
    end,
    content.data?.readingMinutes ?? 1,
    Boolean(content.data && link.data && link.data.readAt === null && read === null && user.trackReads !== false),
    () => mark(true),
  );

  const noCopy = content.error instanceof ApiError && content.error.body?.code === 'NO_READABLE_COPY';
  return (
    <ReaderFrame theme={preferences.theme}>
      <ReaderToolbar preferences={preferences} change={change} onBack={back} />
      <ReaderColumn width={preferences.width}>
        {(content.isPending || (noCopy && link.isPending)) && <p>Loading…</p>}
        {content.isError && !noCopy && <p role="alert">{serverMessage(content.error, 'The readable copy could not be loaded.')}</p>}
        {noCopy && link.data && <UnreadableCopy link={link.data} />}
        {content.data && (
          <ReaderArticle
            content={content.data}
            size={preferences.size}
            endRef={end}
            bodyRef={setBody}
            afterBody={<ReaderHighlights linkId={id} root={body} text={content.data.text} html={content.data.html} />}
            beforeBody={<UserNotes notes={content.data.notes} categories={content.data.categories} />}
            footer={
              <>
                <Button onClick={() => mark(!isRead)} disabled={link.isPending}>
                  {isRead ? 'Mark as unread' : 'Mark as read'}
                </Button>
                <span role="status" className="text-sm text-muted-foreground">
                  {isRead ? 'Marked as read' : ''}
                </span>
                <OriginalLink url={content.data.url} />
              </>
            }
          />
        )}
      </ReaderColumn>
    </ReaderFrame>
  );
}

/** Whether the app has opened a page of its own since this script loaded (wouter announces each push). */
let movedInApp = false;
addEventListener('pushState', () => (movedInApp = true));

/**
 * Whether the reader is the page this tab loaded (from a mail, a new tab, or after signing in,
 * which replaces the pages on the way) and the user has not moved since: going back would leave Stash.
 */
function isFirstPageOfTab(): boolean {
  const [loaded] = performance.getEntriesByType('navigation');
  return !movedInApp && (!loaded || new URL(loaded.name).pathname === location.pathname);
}

function useEscapeToLeave(leave: () => void): void {
  const latest = useRef(leave);
  latest.current = leave;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Esc in a menu or dialog closes that, not the reader.
      const inPopup = event.target instanceof Element && event.target.closest('[role="menu"], [role="dialog"]');
      if (event.key === 'Escape' && !event.defaultPrevented && !inPopup) latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The user's own categories and notes, above the article (kept current: every link edit refreshes the reader's copy). */
function UserNotes({ notes, categories }: Pick<LinkContent, 'notes' | 'categories'>) {
  return (
    <section aria-label="Your notes and categories" className="mb-8 grid gap-2 text-base" style={{ fontFamily: 'system-ui, sans-serif' }}>
      <ul className="flex flex-wrap gap-2" aria-label="Categories">
        {categories.map((category) => (
          <li key={category}>
            <Badge variant="muted" className="max-w-full [overflow-wrap:anywhere]">
              {category}
            </Badge>
          </li>
        ))}
      </ul>
      {notes && (
        <p className="rounded-md border-l-4 border-current/30 bg-current/5 px-3 py-2 whitespace-pre-line [overflow-wrap:anywhere]">
          {notes}
        </p>
      )}
    </section>
  );
}
