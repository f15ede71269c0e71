import { createTextQuoteSelectorMatcher, describeTextPosition, highlightText } from '@apache-annotator/dom';
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

type TextIndex = ReturnType<typeof textNodes>;

/** A passage by the text-node index: from an offset in node `first` to one in node `last`. */
interface IndexedPassage {
  first: number;
  last: number;
  startOffset: number;
  endOffset: number;
}

/**
 * A highlight by its position, when the copy's text there is its quote and the index's nodes still
 * hold that text (a highlight overlapping one painted before may have split them): a binary search
 * and the length of its own passage.
 */
function findByPosition(article: ArticleText, highlight: Highlight, index: TextIndex): IndexedPassage | null {
  if (article.text.slice(highlight.start, highlight.end) !== highlight.exact) return null;
  const { start, end } = article.alignment.toDom(highlight.start, highlight.end);
  if (end <= start) return null;
  const first = nodeAt(index.starts, start);
  const last = nodeAt(index.starts, end - 1);
  const passage = { first, last, startOffset: start - index.starts[first], endOffset: end - index.starts[last] };
  let text = '';
  for (let at = first; at <= last; at++) {
    const data = index.nodes[at].data;
    text += data.slice(at === first ? passage.startOffset : 0, at === last ? passage.endOffset : data.length);
  }
  return text === article.dom.slice(start, end) && index.nodes[last].data.length >= passage.endOffset ? passage : null;
}

/** A highlight by its quote, with its context or, should that have changed, alone. */
async function findByQuote(article: ArticleText, highlight: Highlight): Promise<Range | null> {
  const quote = { type: 'TextQuoteSelector', exact: highlight.exact, prefix: highlight.prefix, suffix: highlight.suffix } as const;
  for (const selector of [quote, { type: 'TextQuoteSelector', exact: highlight.exact } as const]) {
    const found = await createTextQuoteSelectorMatcher(selector)(article.root).next();
    if (!found.done) return found.value;
  }
  return null;
}

/**
 * Wraps a passage found by position in marks, one per text node, with DOM calls alone, each a
 * shallow copy of the highlight's first mark. Apache Annotator's highlightText does the same through
 * Range objects, and every live Range is kept up to date by the browser on each change of the
 * document: 200 highlights took 400–500 ms of main thread that way (bench/highlights-paint.mjs).
 * Passages found by quote still go through highlightText. Answers the marks, in document order.
 */
function wrapPassage(index: TextIndex, passage: IndexedPassage, firstMark: HTMLElement): HTMLElement[] {
  const lastNode = index.nodes[passage.last];
  if (passage.endOffset < lastNode.data.length) lastNode.splitText(passage.endOffset);
  const marks: HTMLElement[] = [];
  for (let at = passage.first; at <= passage.last; at++) {
    const node = at === passage.first && passage.startOffset > 0 ? index.nodes[at].splitText(passage.startOffset) : index.nodes[at];
    if (node.data.length === 0) continue;
    const mark = marks.length === 0 ? firstMark : (firstMark.cloneNode(false) as HTMLElement);
    node.parentNode?.insertBefore(mark, node);
    mark.appendChild(node);
    marks.push(mark);
  }
  return marks;
}

/** A highlight's marks' attributes: their class, its id, its colour and whether it has a note. */
function markAttributes(highlight: Highlight): Record<string, string> {
  return {
    class: HIGHLIGHT_MARK_CLASS,
    'data-highlight-id': highlight.id,
    'data-color': highlight.color,
    ...(highlight.note ? { 'data-note': '' } : {}),
  };
}

/** A highlight's first mark, which its others copy. */
function markOf(document: Document, highlight: Highlight): HTMLElement {
  const mark = document.createElement('mark');
  for (const [name, value] of Object.entries(markAttributes(highlight))) mark.setAttribute(name, value);
  return mark;
}

function unwrap(marks: Iterable<HTMLElement>): void {
  for (const mark of marks) mark.replaceWith(...mark.childNodes);
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
  const document = article.root.ownerDocument;
  const index = textNodes(article.root);
  const backwards = highlights.filter((highlight) => highlight.anchored).sort((a, b) => b.start - a.start || b.end - a.end);
  for (const highlight of backwards) {
    const passage = findByPosition(article, highlight, index);
    let first: HTMLElement | undefined;
    if (passage) {
      const marks = wrapPassage(index, passage, markOf(document, highlight));
      erasers.push(() => unwrap(marks));
      first = marks[0];
    } else {
      const range = await findByQuote(article, highlight);
      if (!range || range.collapsed) continue;
      erasers.push(highlightText(range, 'mark', markAttributes(highlight)));
      first = [...article.root.getElementsByTagName('mark')].find((mark) => mark.dataset.highlightId === highlight.id);
    }
    if (first) {
      first.id = `highlight-${highlight.id}`;
      first.tabIndex = 0;
    }
    painted.add(highlight.id);
  }
  return {
    painted,
    erase: () => {
      for (const erase of erasers.reverse()) erase();
      article.root.normalize();
    },
  };
}
