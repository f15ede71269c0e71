import { useEffect, useMemo, useRef, useState } from 'react';
import type { TextAnchor } from '@shared/highlight-anchor';
import { highlightMessages, type Highlight } from '@shared/highlight-schemas';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { HIGHLIGHT_MARK_CLASS, paintHighlights, readArticleText } from './anchor-dom';
import { HighlightEditor } from './highlight-editor';
import { useCreateHighlight, useDeleteHighlight, useLinkHighlights, useUpdateHighlight } from './highlight-queries';
import { placeBelow, type Placement } from './placement';
import { SelectionBar } from './selection-bar';

const EDITOR_WIDTH = 320;
/** A user-timing mark set each time the highlights are painted, for DevTools and bench/highlights-paint.mjs. */
const HIGHLIGHTS_PAINTED_MARK = 'stash:highlights-painted';

interface ReaderHighlightsProps {
  linkId: string;
  /** The article's body as shown (the readable copy's HTML). */
  root: HTMLElement | null;
  /** The copy's plain text, which highlights are placed in. */
  text: string;
  /** The copy's HTML: when React puts it in again, the highlights are painted again. */
  html: string;
}

/**
 * Highlighting in the reader (docs/reading.md, Highlights): the link's highlights painted in the
 * article, the bar for a selection, the editor of one highlight, and the list of those not found
 * in the current copy. A page opened at #highlight-<id> scrolls to that highlight and flashes it.
 */
export function ReaderHighlights({ linkId, root, text, html }: ReaderHighlightsProps) {
  const highlights = useLinkHighlights(linkId);
  const create = useCreateHighlight(linkId);
  const update = useUpdateHighlight(linkId);
  const remove = useDeleteHighlight(linkId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the alignment is made again when the HTML is put in again
  const article = useMemo(() => (root ? readArticleText(root, text) : null), [root, text, html]);
  const [painted, setPainted] = useState<Set<string> | null>(null);
  const [editing, setEditing] = useState<{ id: string; placement: Placement; focusNote: boolean } | null>(null);
  const flashed = useRef(false);
  /** A highlight made by "Add note": its editor opens once it is painted. */
  const openWhenPainted = useRef<string | null>(null);

  useEffect(() => {
    if (!article || !highlights.data) return;
    let erase: (() => void) | undefined;
    let cancelled = false;
    void paintHighlights(article, highlights.data).then((result) => {
      if (cancelled) return result.erase();
      erase = result.erase;
      performance.mark(HIGHLIGHTS_PAINTED_MARK);
      setPainted(result.painted);
      if (!flashed.current) flashed.current = flashHighlightOfHash(article.root);
      const opening = openWhenPainted.current;
      if (opening && result.painted.has(opening)) {
        openWhenPainted.current = null;
        openRef.current(opening, true);
      }
    });
    return () => {
      cancelled = true;
      erase?.();
    };
  }, [article, highlights.data]);

  const open = (id: string, focusNote = false) => {
    const mark = root?.querySelector<HTMLElement>(`mark[data-highlight-id="${CSS.escape(id)}"]`);
    if (mark) setEditing({ id, focusNote, placement: placeBelow(mark.getBoundingClientRect(), EDITOR_WIDTH) });
  };

  const openRef = useRef(open);
  openRef.current = open;

  // A highlight opens its editor on a click, or on Enter or Space when it has the focus.
  useEffect(() => {
    if (!root) return;
    const markOf = (target: EventTarget | null) =>
      target instanceof Element ? target.closest<HTMLElement>(`mark.${HIGHLIGHT_MARK_CLASS}`) : null;
    const onClick = (event: MouseEvent) => {
      const mark = markOf(event.target);
      if (!mark?.dataset.highlightId || !document.getSelection()?.isCollapsed) return;
      event.preventDefault();
      open(mark.dataset.highlightId);
    };
    const onKey = (event: KeyboardEvent) => {
      const mark = markOf(event.target);
      if (!mark?.dataset.highlightId || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      open(mark.dataset.highlightId);
    };
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKey);
    };
  });

  const save = (anchor: TextAnchor, thenNote: boolean) =>
    create.mutate(anchor, {
      onSuccess: (created) => {
        if (!thenNote) return;
        // The list may be painted with it already (the cache is changed before this runs) or not yet.
        if (root?.querySelector(`#highlight-${CSS.escape(created.id)}`)) openRef.current(created.id, true);
        else openWhenPainted.current = created.id;
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'The highlight could not be saved.') }),
    });

  const close = () => {
    const id = editing?.id;
    setEditing(null);
    if (id) root?.querySelector<HTMLElement>(`#highlight-${CSS.escape(id)}`)?.focus();
  };
  const current = editing && highlights.data?.find((h) => h.id === editing.id);
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'The highlight could not be changed.') });
  const missing = painted && highlights.data ? highlights.data.filter((h) => !painted.has(h.id)) : [];

  return (
    <>
      {article && (
        <SelectionBar article={article} disabled={create.isPending} onHighlight={(a) => save(a, false)} onAddNote={(a) => save(a, true)} />
      )}
      {current && editing && (
        <HighlightEditor
          key={current.id}
          highlight={current}
          placement={editing.placement}
          focusNote={editing.focusNote}
          error={update.error ? serverMessage(update.error, 'The note could not be saved.') : null}
          onColor={(color) => update.mutate({ id: current.id, color }, { onError: failed })}
          onNote={(note) => update.mutate({ id: current.id, note })}
          onRemove={() => {
            remove.mutate(current.id, { onError: failed });
            setEditing(null);
          }}
          onClose={close}
        />
      )}
      {missing.length > 0 && <NotFoundHighlights highlights={missing} onRemove={(id) => remove.mutate(id, { onError: failed })} />}
    </>
  );
}

/** Highlights that are not in the copy any more: kept and listed, never dropped. */
function NotFoundHighlights({ highlights, onRemove }: { highlights: Highlight[]; onRemove: (id: string) => void }) {
  return (
    <section aria-labelledby="highlights-not-found" className="mt-10 grid gap-3 text-base" style={{ fontFamily: 'system-ui, sans-serif' }}>
      <h2 id="highlights-not-found" className="font-semibold">
        Highlights {highlightMessages.notFoundInCopy}
      </h2>
      <ul className="grid gap-3">
        {highlights.map((highlight) => (
          <li key={highlight.id} className="grid gap-1 border-l-4 pl-3" style={{ borderColor: `var(--highlight-${highlight.color})` }}>
            <blockquote className="[overflow-wrap:anywhere]">{highlight.exact}</blockquote>
            {highlight.note && (
              <p className="text-sm text-muted-foreground whitespace-pre-line [overflow-wrap:anywhere]">{highlight.note}</p>
            )}
            <p className="text-sm text-muted-foreground">
              {highlightMessages.notFoundInCopy}{' '}
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onRemove(highlight.id)}>
                Remove<span className="sr-only"> this highlight</span>
              </Button>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Scrolls to the highlight named by the address's #highlight-<id>, focuses it and flashes it; whether there was one. */
function flashHighlightOfHash(root: HTMLElement): boolean {
  const match = /^#highlight-([0-9a-f-]{36})$/i.exec(location.hash);
  if (!match) return true;
  const first = root.querySelector<HTMLElement>(`#highlight-${CSS.escape(match[1])}`);
  if (!first) return false;
  first.scrollIntoView({ block: 'center' });
  first.focus({ preventScroll: true });
  const marks = root.querySelectorAll<HTMLElement>(`mark[data-highlight-id="${CSS.escape(match[1])}"]`);
  for (const mark of marks) mark.classList.add('flash');
  setTimeout(() => {
    for (const mark of marks) mark.classList.remove('flash');
  }, 1500);
  return true;
}
