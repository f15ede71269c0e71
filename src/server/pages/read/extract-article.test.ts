import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract-article';
import { readFetchedPage } from './read-page';
import { excerptOf, readingMinutes, wordCount } from './text-measures';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const page = (body: Buffer | string, contentType = 'text/html; charset=utf-8', url = 'https://news.example/2026/rivers') => ({
  url,
  status: 200,
  contentType,
  body: typeof body === 'string' ? Buffer.from(body) : body,
});
const paragraphs = (text: string, n = 6) => Array.from({ length: n }, () => `<p>${text}</p>`).join('');

describe('extractArticle on a news page with navigation and ads', () => {
  const article = extractArticle(fixture('news-article.html').toString(), 'https://news.example/2026/rivers');

  it('keeps the article and its metadata', () => {
    expect(article).toMatchObject({
      title: 'Rivers return to the city',
      siteName: 'The Daily Current',
      byline: 'Ada Brook',
      excerpt: 'Cities are uncovering the streams they buried a century ago, and the results are cooler streets and fewer floods.',
      lang: 'en-GB',
      publishedAt: new Date('2026-03-14T08:30:00Z'),
      imageUrl: 'https://news.example/images/river.jpg',
      faviconUrl: 'https://news.example/favicon-32.png',
      readingMinutes: 1,
    });
    expect(article.wordCount).toBeGreaterThan(200);
    expect(article.wordCount).toBeLessThan(320);
    expect(article.text).toContain('kingfishers had returned');
    expect(article.html).toContain('Cheonggyecheon');
  });

  it('leaves out navigation, ads, scripts and styles, and makes URLs absolute', () => {
    for (const gone of ['Subscribe', 'Advertisement', 'Most read', 'tracking', 'font-family', '<script', 'onerror', 'class='])
      expect(article.html).not.toContain(gone);
    expect(article.html).toContain('src="https://news.example/images/stream.jpg"');
    expect(article.html).toContain('href="https://example.org/porter-brook"');
    expect(article.html).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe('extractArticle on a hostile page', () => {
  const { html, text } = extractArticle(fixture('hostile.html').toString(), 'https://evil.example/post');

  it('keeps the words', () => {
    expect(text).toContain('Styled text keeps its words');
    expect(html).toContain('a safe link with handlers');
  });

  it('drops scripts, handlers, javascript: and data: links, SVG, iframes, forms, objects, styles and the meta refresh', () => {
    expect(html).not.toMatch(/<script|<svg|<iframe|<form|<input|<button|<object|<embed|<math|<meta|<noscript/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/javascript:|&colon;|data:|steal\(|style=|class=|refresh/i);
    expect(html).toContain('href="https://evil.example/safe"');
  });

  it('keeps images only by https URL', () => {
    expect(html).toContain('<img src="https://images.example/fine.png" alt="fine" />');
    expect(html).not.toContain('http://images.example/plain.png');
    expect(html).not.toContain('noscript.png');
  });
});

describe('readFetchedPage', () => {
  const words = 'Слова статьи на русском языке, достаточно длинные для читателя, с запятыми и точками. ';

  it('decodes the charset of the header even when the page claims another', () => {
    const body = Buffer.from(
      new Uint8Array(
        [
          ...`<html lang="ru"><head><meta charset="utf-8"><title>Статья</title></head><body><article>${paragraphs(words)}</article></body></html>`,
        ].map((c) => win1251(c)),
      ),
    );
    const reading = readFetchedPage(page(body, 'text/html; charset=windows-1251'));
    expect(reading).toMatchObject({ kind: 'article', title: 'Статья', lang: 'ru' });
    expect(reading.kind === 'article' && reading.text).toContain('на русском языке');
  });

  it("reads the page's own charset without one in the header, and a page claiming UTF-16 as UTF-8", () => {
    const latin = Buffer.from(
      `<meta charset="iso-8859-1"><title>Caf\xe9 cr\xe8me</title><article>${paragraphs('Un caf\xe9 au lait, une cr\xe8me br\xfbl\xe9e et des phrases, encore des phrases, pour un article assez long.')}</article>`,
      'latin1',
    );
    expect(readFetchedPage(page(latin, 'text/html')).title).toBe('Café crème');
    const lying = Buffer.from(
      `<meta charset="utf-16"><title>Grüße</title><article>${paragraphs('Schöne Grüße und viele Wörter, damit es ein Artikel wird, mit Kommas und Sätzen.')}</article>`,
    );
    expect(readFetchedPage(page(lying, 'text/html')).title).toBe('Grüße');
  });

  it('records a page that is not HTML as what it is', () => {
    expect(
      readFetchedPage(page(Buffer.from('%PDF-1.7'), 'application/pdf', 'https://www.files.example/reports/annual%20report.pdf')),
    ).toEqual({
      kind: 'pdf',
      url: 'https://www.files.example/reports/annual%20report.pdf',
      contentType: 'application/pdf',
      failure: null,
      siteName: 'files.example',
      title: 'annual report.pdf',
    });
    expect(readFetchedPage(page(Buffer.alloc(10), 'image/png')).kind).toBe('image');
    expect(readFetchedPage(page(Buffer.alloc(10), 'video/mp4')).kind).toBe('video');
  });

  it('records an HTML page without an article as a page, with its metadata', () => {
    const reading = readFetchedPage(
      page('<title>Login</title><meta name="description" content="Sign in to continue"><form><input></form>'),
    );
    expect(reading).toMatchObject({
      kind: 'page',
      title: 'Login',
      excerpt: 'Sign in to continue',
      html: null,
      siteName: 'news.example',
      failure: 'No readable article was found on the page.',
    });
  });
});

describe('text measures', () => {
  it('counts words also in scripts without spaces, and reads 230 words a minute, at least 1', () => {
    expect(wordCount('one two, three.', 'en')).toBe(3);
    expect(wordCount('我们今天去公园散步。', 'zh')).toBeGreaterThan(3);
    expect(wordCount('plain words', 'not a language!')).toBe(2);
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(230 * 7)).toBe(7);
  });

  it('takes the description, else the first sentences, at most 300 characters', () => {
    expect(excerptOf('  Short description. ', 'Text')).toBe('Short description.');
    const text = `${'First sentence of the article, with several words in it. '.repeat(8)}`;
    const excerpt = excerptOf(null, text)!;
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.endsWith('in it.')).toBe(true);
    const unbroken = excerptOf(null, 'word '.repeat(100))!;
    expect(unbroken.length).toBeLessThanOrEqual(300);
    expect(unbroken.endsWith('word…')).toBe(true);
    expect(excerptOf(null, null)).toBeNull();
  });
});

/** Windows-1251 bytes for Cyrillic and ASCII text. */
function win1251(char: string): number {
  const code = char.charCodeAt(0);
  if (code < 0x80) return code;
  if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
  if (code === 0x401) return 0xa8;
  if (code === 0x451) return 0xb8;
  return 0x3f;
}

describe('extractArticle: the plain text', () => {
  it('keeps paragraphs, headings, list items and table cells apart, even with no white space between them in the page', () => {
    const html = `<html><head><title>Loaves</title></head><body><article><h1>Loaves</h1>${paragraphs('Flour, water and salt, left overnight, make a slow dough with a deep crumb.', 4)}<h2>Shaping</h2><p>Fold the dough.</p><ul><li>First fold.</li><li>Second fold.</li></ul><table><tr><td>Flour</td><td>500 g</td></tr></table><p>Bake it hot.</p></article></body></html>`;
    const { text } = extractArticle(html, 'https://bakery.example/loaves');
    expect(text).toContain('deep crumb.\nFlour, water');
    expect(text).toContain('Shaping\nFold the dough.\nFirst fold.\nSecond fold.');
    expect(text).toContain('Flour 500 g');
    expect(text).not.toMatch(/\.[A-Z]/);
  });
});
