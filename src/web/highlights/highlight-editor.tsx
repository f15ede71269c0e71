import { useEffect, useId, useRef, useState } from 'react';
import { HIGHLIGHT_COLORS, type Highlight } from '@shared/highlight-schemas';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { placementProps, type Placement } from './placement';

const colorNames = { yellow: 'Yellow', green: 'Green', blue: 'Blue', pink: 'Pink' } as const;

interface HighlightEditorProps {
  highlight: Highlight;
  placement: Placement;
  /** Opened by "Add note": the note field takes the focus. */
  focusNote: boolean;
  onColor: (color: Highlight['color']) => void;
  onNote: (note: string) => void;
  onRemove: () => void;
  onClose: () => void;
  error: string | null;
}

/** One highlight's colour, note and removal, below it (at the bottom of a phone's screen). Esc closes it. */
export function HighlightEditor({ highlight, placement, focusNote, onColor, onNote, onRemove, onClose, error }: HighlightEditorProps) {
  const [note, setNote] = useState(highlight.note ?? '');
  const [saved, setSaved] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const noteId = useId();

  // Esc closes the editor wherever the focus is (not the reader, whose own Esc listens later, in the bubbling phase).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeRef.current();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  useEffect(() => {
    if (focusNote) noteField.current?.focus();
    else box.current?.querySelector<HTMLElement>('button[aria-pressed="true"]')?.focus();
  }, [focusNote]);

  const { className, style } = placementProps(placement);
  return (
    <div
      ref={box}
      role="dialog"
      aria-label="Highlight"
      className={`${className} grid w-full gap-3 bg-background p-3 text-sm sm:w-80`}
      style={{ ...style, fontFamily: 'system-ui, sans-serif' }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, as the reader's theme buttons */}
      <div role="group" aria-label="Colour" className="flex flex-wrap gap-2">
        {HIGHLIGHT_COLORS.map((color) => (
          <Button
            key={color}
            size="sm"
            variant="outline"
            aria-pressed={highlight.color === color}
            className="aria-pressed:ring-2 aria-pressed:ring-ring"
            onClick={() => onColor(color)}
          >
            <span aria-hidden className="highlight-swatch size-3 rounded-full border border-border" data-color={color} />
            {colorNames[color]}
          </Button>
        ))}
      </div>
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (note === (highlight.note ?? '')) return;
          onNote(note);
          setSaved(true);
        }}
      >
        <Label htmlFor={noteId}>Note</Label>
        <Textarea id={noteId} ref={noteField} value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
        <p role="status" className="text-muted-foreground">
          {saved && note === (highlight.note ?? '') ? 'Note saved' : ''}
        </p>
        {error && (
          <p role="alert" className="font-medium">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm">
            Save note
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onRemove}>
            Remove highlight
          </Button>
          <Button type="button" size="sm" variant="ghost" className="ml-auto" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </div>
  );
}
