import { describe, expect, it } from 'vitest';
import { bookmarkletCode } from './bookmarklet-code';

describe('bookmarkletCode', () => {
  const code = bookmarkletCode('https://stash.example');

  it("opens this server's /share page with the page's address and title", () => {
    const location = { href: 'https://news.example/story?id=7' };
    const document = { title: 'A story & more' };
    // What the browser runs: the code after "javascript:", with location and document of the page.
    new Function('location', 'document', code.slice('javascript:'.length))(location, document);
    const opened = new URL(location.href);
    expect(opened.origin + opened.pathname).toBe('https://stash.example/share');
    expect(Object.fromEntries(opened.searchParams)).toEqual({ url: 'https://news.example/story?id=7', title: 'A story & more' });
  });

  it('survives the decoding browsers apply to a javascript: address', () => {
    expect(code).not.toMatch(/[\s%]/);
    expect(decodeURIComponent(code)).toBe(code);
  });
});
