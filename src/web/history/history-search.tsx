import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { linkLengths } from '@shared/link-lengths';
import { LengthCounter } from '@web/components/length-counter';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useFocusShortcut } from '@web/lib/use-focus-shortcut';

/** Searching starts once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/** The full-text search box of My Stash; `/` jumps to it. */
export function HistorySearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const input = useRef<HTMLInputElement | null>(null);
  useFocusShortcut('/', input);

  // The URL's search changed without typing here (the back button): show it. Never while it only
  // trails what is typed ("rust " searched as "rust"), or the space would vanish under the cursor.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  // Past the limit nothing is searched: the counter says why, and the text stays to be shortened.
  const tooLong = text.trim().length > linkLengths.search.max;

  useEffect(() => {
    if (text.trim() === value || tooLong) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, tooLong]);

  const searchNow = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== value && !tooLong) onSearch(text.trim());
  };

  return (
    <form role="search" onSubmit={searchNow} className="relative min-w-56 flex-1">
      <Label htmlFor="history-search" className="sr-only">
        Search your stash
      </Label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        ref={input}
        id="history-search"
        type="search"
        className="pl-9"
        placeholder="Search titles, notes, pages, URLs and categories (press /)"
        aria-keyshortcuts="/"
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? 'history-search-counter' : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <LengthCounter id="history-search-counter" length={text.trim().length} rule={linkLengths.search} />
    </form>
  );
}
