import approxSearch from 'approx-string-match';
import { describeAnchor, type TextAnchor } from '../../shared/highlight-anchor';

export { describeAnchor, type TextAnchor };

/**
 * Finding a highlight again in a readable copy's plain text that changed (README.md, Anchoring).
 * A highlight is a TextQuoteSelector (exact, prefix, suffix) and a TextPositionSelector (start,
 * end). The quote decides; prefix, suffix and the old position only choose among places that
 * hold it. Exact occurrences first (indexOf); when there is none, approximate matches of the quote
 * with at most a quarter of its characters changed (approx-string-match: Myers' bit-parallel
 * algorithm, no pattern length limit, what Hypothesis anchors with).
 */

/** Share of the quote's characters that may differ in an approximate match. */
const MAX_ERROR_SHARE = 0.25;
/** How far around the old position an approximate match is looked for first, in characters. */
const NEAR_MARGIN = 2000;
/** Candidates scored at most: a quote of a few letters may occur thousands of times. */
const MAX_CANDIDATES = 1000;

/** Where the highlight is in text now, with its selectors described afresh; null when it is not there. */
export function reanchor(text: string, anchor: TextAnchor): TextAnchor | null {
  const { exact, start } = anchor;
  if (exact.length === 0) return null;
  if (
    text.slice(start, anchor.end) === exact &&
    contextScore(text, anchor, start, anchor.end) === anchor.prefix.length + anchor.suffix.length
  ) {
    return describeAnchor(text, start, anchor.end);
  }
  let candidates = exactOccurrences(text, exact).map((at) => ({ start: at, end: at + exact.length, errors: 0 }));
  if (candidates.length === 0) {
    const maxErrors = Math.floor(exact.length * MAX_ERROR_SHARE);
    if (maxErrors === 0) return null;
    candidates = approximateMatches(text, anchor, maxErrors);
  }
  let best: { start: number; end: number; score: number } | undefined;
  for (const candidate of candidates) {
    // The context counts most, then fewer differences, then nearness to where the passage was.
    const score =
      contextScore(text, anchor, candidate.start, candidate.end) * 1000 -
      candidate.errors * 1000 -
      Math.abs(candidate.start - start) / (text.length + 1);
    if (!best || score > best.score) best = { start: candidate.start, end: candidate.end, score };
  }
  return best ? describeAnchor(text, best.start, best.end) : null;
}

/**
 * Approximate matches near where the passage was first (within a margin of its old position),
 * then anywhere: most edits leave a passage near its
 * place, and searching a window instead of a whole long article is what keeps hundreds fast.
 */
function approximateMatches(text: string, anchor: TextAnchor, maxErrors: number) {
  const margin = NEAR_MARGIN + anchor.exact.length;
  const from = Math.max(0, anchor.start - margin);
  const to = Math.min(text.length, anchor.end + margin);
  if (from > 0 || to < text.length) {
    const near = approxSearch(text.slice(from, to), anchor.exact, maxErrors);
    if (near.length > 0)
      return near.slice(0, MAX_CANDIDATES).map((match) => ({ ...match, start: match.start + from, end: match.end + from }));
  }
  return approxSearch(text, anchor.exact, maxErrors).slice(0, MAX_CANDIDATES);
}

function exactOccurrences(text: string, exact: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(exact); at !== -1 && found.length < MAX_CANDIDATES; at = text.indexOf(exact, at + 1)) found.push(at);
  return found;
}

/** How many characters of the prefix end right before start, and of the suffix begin right after end. */
function contextScore(text: string, anchor: TextAnchor, start: number, end: number): number {
  let before = 0;
  while (before < anchor.prefix.length && text[start - 1 - before] === anchor.prefix[anchor.prefix.length - 1 - before]) before++;
  let after = 0;
  while (after < anchor.suffix.length && text[end + after] === anchor.suffix[after]) after++;
  return before + after;
}
