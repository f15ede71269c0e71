import { describe, expect, it } from 'vitest';
import { decodeHtml, isHtml, readPageMetadata } from './page-metadata';

describe('readPageMetadata', () => {
  it('prefers og:title and og:description, decoding entities and spacing', () => {
    const html = `<html><head>
      <title>Ignored | Site</title>
      <meta property="og:title" content="  The &quot;real&quot; title &amp; more &#8212; &#x2713; ">
      <meta name='description' content='Plain description'>
      <meta content="Open Graph description" property="og:description" />
    </head></html>`;
    expect(readPageMetadata(html)).toEqual({ title: 'The "real" title & more — ✓', description: 'Open Graph description' });
  });

  it('falls back to <title> and the description tag', () => {
    const html = '<TITLE lang="en">\n  Line one\n  line two </TITLE><meta name="Description" content="About it">';
    expect(readPageMetadata(html)).toEqual({ title: 'Line one line two', description: 'About it' });
  });

  it('gives nulls for a page without them, and shortens very long titles', () => {
    expect(readPageMetadata('<p>nothing here</p>')).toEqual({ title: null, description: null });
    expect(readPageMetadata('<title>   </title>')).toEqual({ title: null, description: null });
    expect(readPageMetadata('<title>a\u0000b&#0;c</title>').title).toBe('a b&#0;c');
    const long = readPageMetadata(`<title>${'x'.repeat(900)}</title>`).title!;
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('decodeHtml and isHtml', () => {
  it('decodes in the charset of the header or of an early meta tag', () => {
    const latin1 = Buffer.from('<title>Caf\xe9</title>', 'latin1');
    expect(decodeHtml(latin1, 'text/html; charset=ISO-8859-1')).toBe('<title>Café</title>');
    const withMeta = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]);
    expect(decodeHtml(withMeta, 'text/html')).toContain('Café');
    expect(decodeHtml(Buffer.from('<title>Café</title>'), 'text/html; charset=nonsense')).toBe('<title>Café</title>');
  });

  it('reads only HTML', () => {
    expect(isHtml('text/html; charset=utf-8')).toBe(true);
    expect(isHtml('application/xhtml+xml')).toBe(true);
    expect(isHtml('')).toBe(true);
    expect(isHtml('application/pdf')).toBe(false);
    expect(isHtml('image/png')).toBe(false);
  });
});
