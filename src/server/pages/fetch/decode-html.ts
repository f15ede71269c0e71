/** Reading a fetched page's bytes: is it HTML, and its text in the right charset. */

export function isHtml(contentType: string): boolean {
  return contentType === '' || /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/**
 * The page's text in the charset a byte-order mark, its Content-Type or an early <meta> tag names,
 * in that order (UTF-8 otherwise, or when the name is unknown). A <meta> naming UTF-16 cannot be
 * true of bytes that could be read as ASCII to find it: such a page is read as UTF-8, as browsers do.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const bom =
    body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf
      ? 'utf-8'
      : body[0] === 0xfe && body[1] === 0xff
        ? 'utf-16be'
        : body[0] === 0xff && body[1] === 0xfe
          ? 'utf-16le'
          : undefined;
  const head = body.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  const charset =
    bom ??
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    (fromMeta && /^utf-?16/i.test(fromMeta) ? 'utf-8' : fromMeta) ??
    'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
