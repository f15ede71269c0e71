import { HIGHLIGHT_CONTEXT_CHARS } from './highlight-schemas';

/**
 * A highlight's place in a readable copy's plain text (docs/reading.md, Highlights): a
 * TextQuoteSelector (exact, prefix, suffix) and a TextPositionSelector (start, end). The server
 * re-anchors with it and the reader describes selections with it, so both count alike.
 */
export interface TextAnchor {
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
}

/** The selectors of text[start, end): 32 characters of context each side (fewer at the text's ends). */
export function describeAnchor(text: string, start: number, end: number): TextAnchor {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - HIGHLIGHT_CONTEXT_CHARS), start),
    suffix: text.slice(end, end + HIGHLIGHT_CONTEXT_CHARS),
    start,
    end,
  };
}
