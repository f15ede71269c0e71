import { useEffect, useRef, useState } from 'react';
import type { TextAnchor } from '@shared/highlight-anchor';
import { Button } from '@web/components/ui/button';
import { isShortcut } from '@web/lib/keyboard-shortcut';
import { describeSelection, type ArticleText } from './anchor-dom';
import { placeBelow, placementProps, type Placement } from './placement';

const BAR_WIDTH = 220;

interface SelectionBarProps {
  article: ArticleText;
  onHighlight: (anchor: TextAnchor) => void;
  onAddNote: (anchor: TextAnchor) => void;
  disabled: boolean;
}

/**
 * "Highlight" and "Add note" for text selected in the article, by mouse, touch or keyboard (caret
 * browsing): shown while a selection lies in the article. Pressing a button keeps the selection
 * (mousedown is cancelled); the keys h and n do the same as the buttons.
 */
export function SelectionBar({ article, onHighlight, onAddNote, disabled }: SelectionBarProps) {
  const [shown, setShown] = useState<{ anchor: TextAnchor; placement: Placement } | null>(null);
  const latest = useRef(shown);
  latest.current = shown;

  useEffect(() => {
    let frame = 0;
    let asked = 0;
    const look = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(async () => {
        const ask = ++asked;
        const selection = document.getSelection();
        const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
        const anchor = range ? await describeSelection(article, range) : null;
        if (ask !== asked) return;
        setShown(anchor && range ? { anchor, placement: placeBelow(range.getBoundingClientRect(), BAR_WIDTH) } : null);
      });
    };
    document.addEventListener('selectionchange', look);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('selectionchange', look);
    };
  }, [article]);

  const act = (action: (anchor: TextAnchor) => void) => {
    const current = latest.current;
    if (!current || disabled) return;
    action(current.anchor);
    document.getSelection()?.removeAllRanges();
    setShown(null);
  };
  const actRef = useRef(act);
  actRef.current = act;
  const handlers = useRef({ onHighlight, onAddNote });
  handlers.current = { onHighlight, onAddNote };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!latest.current) return;
      if (isShortcut(event, 'h')) actRef.current(handlers.current.onHighlight);
      else if (isShortcut(event, 'n')) actRef.current(handlers.current.onAddNote);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!shown) return null;
  const { className, style } = placementProps(shown.placement);
  return (
    <div
      role="toolbar"
      aria-label="Selected text"
      className={`${className} flex justify-center gap-2 bg-background p-2`}
      style={{ ...style, fontFamily: 'system-ui, sans-serif' }}
      onMouseDown={(event) => event.preventDefault()}
    >
      <Button size="sm" aria-keyshortcuts="h" disabled={disabled} onClick={() => act(onHighlight)}>
        Highlight
      </Button>
      <Button size="sm" variant="outline" aria-keyshortcuts="n" disabled={disabled} onClick={() => act(onAddNote)}>
        Add note
      </Button>
    </div>
  );
}
