import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractArticle } from '../../src/server/pages/read/extract-article';
import { alignCopyText, domText } from '../../src/web/highlights/copy-text';

/*
 * The reader places highlights in the copy's plain text as the server writes it (docs/reading.md,
 * Highlights): the article's HTML, parsed as a browser parses it, is aligned with the server's
 * text, and a passage's offsets must go from one to the other and back unchanged.
 */

const PAGE = `<!doctype html><html lang="en"><head><title>Tide tables</title></head><body><article><h1>Tide tables</h1>
<p>The quiet   harbour keeps its <em>fishing boats</em> asleep
   until the morning tide returns.</p>
<p>Reading&nbsp;lists grow faster than evenings do, so the pages we save wait for a quiet hour that rarely comes.</p>
<ul>
  <li>Save the page</li>
  <li>Read it <strong>later</strong>, by the lamp</li>
</ul>
<pre>
const tide = "high";
  indented();
</pre>
<blockquote><p>The best time to read a saved page is the evening you save it.</p></blockquote>
<form><button>Subscribe now</button></form>
<table><tr><th>Port</th><th>High water</th></tr><tr><td>Kinsale</td><td>06:12</td></tr></table>
<p>Each saved page is a promise to read later, and a good reader keeps that promise easy to keep. Each saved page is a promise.</p>
</article></body></html>`;

let text: string;
let dom: string;

beforeAll(() => {
  const article = extractArticle(PAGE, 'https://example.com/tides');
  text = article.text!;
  const { window } = new JSDOM(`<!doctype html><body><div id="root">${article.html}</div>`);
  globalThis.NodeFilter ??= window.NodeFilter;
  dom = domText(window.document.getElementById('root')!);
});

const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim();

describe("the reader's positions in the copy's plain text", () => {
  it('carries every sentence of the text to the same words in the DOM and back', () => {
    const alignment = alignCopyText(dom, text);
    for (const sentence of [
      'fishing boats asleep\nuntil the morning',
      'Read it later, by the lamp',
      'indented();',
      'Kinsale',
      'promise.',
    ]) {
      const start = text.lastIndexOf(sentence);
      expect(start, sentence).toBeGreaterThanOrEqual(0);
      const end = start + sentence.length;
      const inDom = alignment.toDom(start, end);
      expect(squeeze(dom.slice(inDom.start, inDom.end))).toBe(squeeze(sentence));
      expect(alignment.toText(inDom.start, inDom.end)).toEqual({ start, end });
    }
  });

  it('goes there and back unchanged for any passage that starts and ends on a visible character', () => {
    const alignment = alignCopyText(dom, text);
    const visible = [...text].flatMap((char, at) => (/\S/.test(char) ? [at] : []));
    fc.assert(
      fc.property(fc.nat(visible.length - 1), fc.nat(visible.length - 1), (a, b) => {
        const start = visible[Math.min(a, b)];
        const end = visible[Math.max(a, b)] + 1;
        const inDom = alignment.toDom(start, end);
        expect(alignment.toText(inDom.start, inDom.end)).toEqual({ start, end });
      }),
    );
  });

  it('leaves the white space around a selection out of the passage', () => {
    const alignment = alignCopyText(dom, text);
    const at = dom.indexOf('Reading');
    expect(alignment.toText(at - 1, at + 'Reading'.length + 1)).toEqual({
      start: text.indexOf('Reading'),
      end: text.indexOf('Reading') + 7,
    });
    expect(alignment.toText(at - 1, at)).toBeNull();
  });
});
