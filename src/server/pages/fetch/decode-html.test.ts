import { describe, expect, it } from 'vitest';
import { decodeHtml, isHtml } from './decode-html';

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
