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
  alignment: CopyTextAlignment;
}

export function readArticleText(root: HTMLElement, text: string): ArticleText {
  return { root, text, alignment: alignCopyText(domText(root), text) };
}

/** The selection's selectors in the copy's plain text; null when it is not inside the article or holds no text. */
export async function describeSelection(article: ArticleText, range: Range): Promise<TextAnchor | null> {
  if (range.collapsed || !article.root.contains(range.commonAncestorContainer)) return null;
  const position = await describeTextPosition(range, article.root);
  const inText = article.alignment.toText(position.start, position.end);
  return inText && describeAnchor(article.text, inText.start, inText.end);
}

/** Where a highlight is in the DOM: by its position when the copy's text there is its quote, else by the quote. */
async function findHighlight(article: ArticleText, highlight: Highlight): Promise<Range | null> {
  if (article.text.slice(highlight.start, highlight.end) === highlight.exact) {
    const { start, end } = article.alignment.toDom(highlight.start, highlight.end);
    const found = await createTextPositionSelectorMatcher({ type: 'TextPositionSelector', start, end })(article.root).next();
    if (!found.done) return found.value;
  }
  const quote = { type: 'TextQuoteSelector', exact: highlight.exact, prefix: highlight.prefix, suffix: highlight.suffix } as const;
  for (const selector of [quote, { type: 'TextQuoteSelector', exact: highlight.exact } as const]) {
    const found = await createTextQuoteSelectorMatcher(selector)(article.root).next();
    if (!found.done) return found.value;
  }
  return null;
}

/**
 * Paints the anchored highlights, in the order given, and answers the ids painted and the way to
 * take the paint off. The first mark of each is focusable, so a keyboard reaches every highlight once.
 */
export async function paintHighlights(article: ArticleText, highlights: Highlight[]): Promise<{ painted: Set<string>; erase: () => void }> {
  const erasers: (() => void)[] = [];
  const painted = new Set<string>();
  for (const highlight of highlights) {
    if (!highlight.anchored) continue;
    const range = await findHighlight(article, highlight);
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
