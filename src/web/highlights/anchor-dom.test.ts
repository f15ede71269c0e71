// @vitest-environment jsdom
import { describeAnchor } from '@shared/highlight-anchor';
import type { Highlight } from '@shared/highlight-schemas';
import { describe, expect, it } from 'vitest';
import { paintHighlights, readArticleText } from './anchor-dom';
import { domText } from './copy-text';

const ARTICLE = `<article><h2>The harbour</h2>
<p>The quiet harbour keeps its <em>fishing boats</em> asleep until the morning tide returns.</p>
<p>Reading lists grow faster than evenings do, so the pages we save wait for a quiet hour.</p>
<p>Each saved page is a promise to read later, and a good reader keeps that promise easy to keep.</p></article>`;

function highlightOf(text: string, passage: string, overrides: Partial<Highlight> = {}): Highlight {
  const start = text.indexOf(passage);
  if (start === -1) throw new Error(`not in the text: ${passage}`);
  return {
    ...describeAnchor(text, start, start + passage.length),
    id: crypto.randomUUID(),
    linkId: crypto.randomUUID(),
    color: 'yellow',
    note: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    anchored: true,
    ...overrides,
  } as Highlight;
}

describe('painting highlights in the reader', () => {
  it('paints each passage in marks holding exactly its words, across paragraphs, overlapping, moved or not found, and erases them all', async () => {
    const root = document.createElement('div');
    root.innerHTML = ARTICLE;
    document.body.append(root);
    const text = domText(root);
    const article = readArticleText(root, text);

    const inOneNode = highlightOf(text, 'keeps its'); // its last word is the next one's first
    const besideIt = highlightOf(text, 'quiet harbour');
    const acrossEmphasis = highlightOf(text, 'its fishing boats asleep');
    const acrossParagraphs = highlightOf(text, 'morning tide returns.\nReading lists grow');
    const overlapping = highlightOf(text, 'lists grow faster');
    // Its position points elsewhere (the copy changed): it is found by its quote.
    const moved = { ...highlightOf(text, 'a promise to read later'), start: 3, end: 26 };
    const gone = { ...highlightOf(text, 'easy to keep'), exact: 'a passage no longer in the copy', start: 0, end: 31 };
    const highlights = [inOneNode, besideIt, acrossEmphasis, acrossParagraphs, overlapping, moved, gone];

    const { painted, erase } = await paintHighlights(article, highlights);

    expect([...painted].sort()).toEqual(
      highlights
        .filter((h) => h !== gone)
        .map((h) => h.id)
        .sort(),
    );
    // Where highlights overlap, marks nest: each highlight's marks hold its words and no others.
    for (const highlight of highlights.filter((h) => h !== gone)) {
      const marks = [...root.querySelectorAll<HTMLElement>(`mark[data-highlight-id="${highlight.id}"]`)];
      expect(marks.map((mark) => mark.textContent).join(''), highlight.exact).toBe(highlight.exact);
    }
    // One focusable mark a highlight, its first, named after it.
    const focusable = [...root.querySelectorAll<HTMLElement>('mark[tabindex="0"]')];
    expect(focusable.map((mark) => mark.id).sort()).toEqual([...painted].map((id) => `highlight-${id}`).sort());
    for (const mark of focusable) expect(root.querySelector(`mark[data-highlight-id="${mark.dataset.highlightId}"]`)).toBe(mark);
    expect(root.textContent).toBe(text);

    erase();
    expect(root.innerHTML).toBe(ARTICLE);
  });
});
