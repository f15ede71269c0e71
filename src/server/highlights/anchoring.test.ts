import { describe, expect, it } from 'vitest';
import { describeAnchor, reanchor } from './anchoring';

const article =
  'Foxes live on every continent but Antarctica. The red fox is the largest of the true foxes. ' +
  'It hunts small rodents at dusk, listening for them under the snow. Foxes are mostly solitary. ' +
  'The red fox is the largest of the true foxes, a reader may read twice. Cubs are born in spring.';

function anchorOf(text: string, quote: string, from = 0) {
  const start = text.indexOf(quote, from);
  return describeAnchor(text, start, start + quote.length);
}

describe('describeAnchor', () => {
  it('keeps 32 characters of context each side, fewer at the ends of the text', () => {
    const anchor = anchorOf(article, 'It hunts small rodents');
    expect(anchor.prefix).toHaveLength(32);
    expect(anchor.suffix).toHaveLength(32);
    expect(article.slice(anchor.start - 32, anchor.end + 32)).toBe(anchor.prefix + anchor.exact + anchor.suffix);
    expect(anchorOf(article, 'Foxes live').prefix).toBe('');
  });
});

describe('reanchor', () => {
  it('keeps a highlight where it is when the text did not change', () => {
    const anchor = anchorOf(article, 'listening for them');
    expect(reanchor(article, anchor)).toEqual(anchor);
  });

  it('follows a passage that moved: a paragraph was added before it', () => {
    const anchor = anchorOf(article, 'It hunts small rodents at dusk');
    const intro = 'A new introduction that the site added later, with some more words. ';
    const moved = intro + article;
    const found = reanchor(moved, anchor)!;
    expect(moved.slice(found.start, found.end)).toBe('It hunts small rodents at dusk');
    expect(found.start).toBe(anchor.start + intro.length);
  });

  it('follows a passage when the text was shortened around it', () => {
    const anchor = anchorOf(article, 'Foxes are mostly solitary.');
    const shortened =
      'The red fox is the largest of the true foxes. It hunts small rodents at dusk. Foxes are mostly solitary. Cubs are born in spring.';
    const found = reanchor(shortened, anchor)!;
    expect(shortened.slice(found.start, found.end)).toBe('Foxes are mostly solitary.');
    expect(found.prefix).toBe(shortened.slice(Math.max(0, found.start - 32), found.start));
  });

  it('picks, among repeats of the quote, the one whose context matches, even far from the old position', () => {
    const quote = 'The red fox is the largest of the true foxes';
    const second = anchorOf(article, quote, article.indexOf(quote) + 1);
    expect(second.suffix.startsWith(', a reader')).toBe(true);
    // The first repeat moves next to the second's old position; context still decides.
    const rewritten = 'Intro. '.repeat(30) + article;
    const found = reanchor(rewritten, second)!;
    expect(rewritten.slice(found.end, found.end + 10)).toBe(', a reader');
  });

  it('picks the repeat nearest the old position when the context cannot tell them apart', () => {
    const text = 'alpha beta. alpha beta. alpha beta. alpha beta.';
    const third = { exact: 'alpha beta', prefix: '', suffix: '', start: 24, end: 34 };
    const shifted = 'x' + text;
    expect(reanchor(shifted, third)).toMatchObject({ start: 25, end: 35 });
  });

  it('finds a passage whose words were slightly edited, and takes the copy’s new wording', () => {
    const anchor = anchorOf(article, 'It hunts small rodents at dusk, listening for them under the snow.');
    const edited = article.replace('small rodents at dusk', 'small rodents at twilight');
    const found = reanchor(edited, anchor)!;
    expect(found.exact).toContain('small rodents at twilight');
    expect(edited.slice(found.start, found.end)).toBe(found.exact);
  });

  it('finds an edited passage far from its old place too', () => {
    const anchor = anchorOf(article, 'It hunts small rodents at dusk, listening for them under the snow.');
    const edited = 'A long new opening. '.repeat(300) + article.replace('small rodents at dusk', 'small rodents at twilight');
    const found = reanchor(edited, anchor)!;
    expect(found.start).toBeGreaterThan(6000);
    expect(found.exact).toContain('small rodents at twilight');
  });

  it('answers null for a passage that is gone from the copy', () => {
    const anchor = anchorOf(article, 'It hunts small rodents at dusk, listening for them under the snow.');
    const without = article.replace(anchor.exact, '');
    expect(reanchor(without, anchor)).toBeNull();
    expect(reanchor('', anchor)).toBeNull();
  });
});
