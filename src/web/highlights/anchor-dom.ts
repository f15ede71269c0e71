import {
  createTextPositionSelectorMatcher,
  createTextQuoteSelectorMatcher,
  describeTextPosition,
  highlightText,
} from '@apache-annotator/dom';
import { describeAnchor, type TextAnchor } from '@shared/highlight-anchor';
import type { Highlight } from '@shared/highlight-schemas';
import { alignCopyText, domText, type CopyTextAlignment } from './copy-text';

/*
 * Highlights in the reader's DOM, through @apache-annotator/dom: a selection is described as a
 * TextPositionSelector over the article's text nodes and carried into the copy's plain text,
 * where its TextQuoteSelector is cut as the server cuts it (shared/highlight-anchor.ts); a stored
 * highlight is found by its position carried back, or, should the text there differ, by its quote.
 * Each is painted as <mark> elements, one per text node it covers (docs/reading.md, Highlights).
 */

export const HIGHLIGHT_MARK_CLASS = 'stash-highlight';

/** The article's DOM and the copy's plain text, aligned once per copy. */
export interface ArticleText {
  root: HTMLElement;
  text: string;
  /** The text of the article's text nodes, in document order. */
  dom: string;
  alignment: CopyTextAlignment;
}

export function readArticleText(root: HTMLElement, text: string): ArticleText {
  const dom = domText(root);
  return { root, text, dom, alignment: alignCopyText(dom, text) };
}

/** Apache Annotator counts a TextPositionSelector in code points; strings index UTF-16 units. */
function unitsToCodePoints(value: string, from: number, to: number): number {
  let points = 0;
  for (let at = from; at < to; at++) {
    const unit = value.charCodeAt(at);
    if (unit < 0xdc00 || unit > 0xdfff || at === from || value.charCodeAt(at - 1) < 0xd800 || value.charCodeAt(at - 1) > 0xdbff) points++;
  }
  return points;
}

function codePointsToUnits(value: string, points: number): number {
  let at = 0;
  for (let seen = 0; seen < points && at < value.length; seen++) at += (value.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  return at;
}

/** The selection's selectors in the copy's plain text; null when it is not inside the article or holds no text. */
export async function describeSelection(article: ArticleText, range: Range): Promise<TextAnchor | null> {
  if (range.collapsed || !article.root.contains(range.commonAncestorContainer)) return null;
  const position = await describeTextPosition(range, article.root);
  const inText = article.alignment.toText(codePointsToUnits(article.dom, position.start), codePointsToUnits(article.dom, position.end));
  return inText && describeAnchor(article.text, inText.start, inText.end);
}

/** The article's text nodes with where each starts in its text (UTF-16 units). */
function textNodes(root: HTMLElement): { nodes: Text[]; starts: number[] } {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  const starts: number[] = [];
  let offset = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    starts.push(offset);
    offset += (node as Text).data.length;
  }
  return { nodes, starts };
}

/** The last node starting at or before offset. */
function nodeAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Where a highlight is in the DOM: by its position when the copy's text there is its quote, else by
 * its quote. The position is matched inside the few text nodes it spans (a Range scope), so each
 * highlight costs the length of its own passage rather than of the article before it.
 */
async function findHighlight(article: ArticleText, highlight: Highlight, index: ReturnType<typeof textNodes>): Promise<Range | null> {
  if (article.text.slice(highlight.start, highlight.end) === highlight.exact) {
    const { start, end } = article.alignment.toDom(highlight.start, highlight.end);
    const first = nodeAt(index.starts, start);
    const last = nodeAt(index.starts, Math.max(start, end - 1));
    const scope = article.root.ownerDocument.createRange();
    scope.setStart(index.nodes[first], 0);
    scope.setEnd(index.nodes[last], index.nodes[last].data.length);
    const from = index.starts[first];
    const selector = {
      type: 'TextPositionSelector',
      start: unitsToCodePoints(article.dom, from, start),
      end: unitsToCodePoints(article.dom, from, end),
    } as const;
    try {
      const found = await createTextPositionSelectorMatcher(selector)(scope).next();
      if (!found.done && found.value.toString() === article.dom.slice(start, end)) return found.value;
    } catch {
      // A node split by an overlapping highlight: found by quote below.
    }
  }
  const quote = { type: 'TextQuoteSelector', exact: highlight.exact, prefix: highlight.prefix, suffix: highlight.suffix } as const;
  for (const selector of [quote, { type: 'TextQuoteSelector', exact: highlight.exact } as const]) {
    const found = await createTextQuoteSelectorMatcher(selector)(article.root).next();
    if (!found.done) return found.value;
  }
  return null;
}

/**
 * Paints the anchored highlights and answers the ids painted and the way to take the paint off.
 * They are painted from the last in the text to the first: wrapping one splits only text nodes at
 * or after its start, so the nodes listed for the ones before it stay as they were. The first mark
 * of each is focusable, so a keyboard reaches every highlight once.
 */
export async function paintHighlights(article: ArticleText, highlights: Highlight[]): Promise<{ painted: Set<string>; erase: () => void }> {
  const erasers: (() => void)[] = [];
  const painted = new Set<string>();
  const index = textNodes(article.root);
  const backwards = highlights.filter((highlight) => highlight.anchored).sort((a, b) => b.start - a.start || b.end - a.end);
  for (const highlight of backwards) {
    const range = await findHighlight(article, highlight, index);
    if (!range || range.collapsed) continue;
    erasers.push(
      highlightText(range, 'mark', {
        class: HIGHLIGHT_MARK_CLASS,
        'data-highlight-id': highlight.id,
        'data-color': highlight.color,
        ...(highlight.note ? { 'data-note': '' } : {}),
      }),
    );
    painted.add(highlight.id);
  }
  for (const mark of article.root.querySelectorAll<HTMLElement>(`mark.${HIGHLIGHT_MARK_CLASS}`)) {
    const id = `highlight-${mark.dataset.highlightId}`;
    if (mark.ownerDocument.getElementById(id)) continue;
    mark.id = id;
    mark.tabIndex = 0;
  }
  return {
    painted,
    erase: () => {
      for (const erase of erasers.reverse()) erase();
      article.root.normalize();
    },
  };
}
