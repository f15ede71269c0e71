/*
 * The title and description of an HTML page, read from the first part of it: og:title (cleaner
 * than <title>, which often carries " | Site name"), twitter:title, then <title>; og:description,
 * then the description meta tag. A few regular expressions are enough for these tags, and they
 * never run scripts or load anything.
 */

export interface PageMetadata {
  title: string | null;
  description: string | null;
}

const MAX_TITLE = 500;
const MAX_DESCRIPTION = 1000;

export function isHtml(contentType: string): boolean {
  return contentType === '' || /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/** The page's text, in the charset its Content-Type or an early <meta> tag names (UTF-8 otherwise). */
export function decodeHtml(body: Buffer, contentType: string): string {
  const head = body.subarray(0, 2048).toString('latin1');
  const charset =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export function readPageMetadata(html: string): PageMetadata {
  const meta = metaTags(html);
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  return {
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? titleTag, MAX_TITLE),
    description: clean(meta.get('og:description') ?? meta.get('description') ?? meta.get('twitter:description'), MAX_DESCRIPTION),
  };
}

/** property= or name= → content=, first one wins, keys lower-case. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attributes.set(match[1].toLowerCase(), match[2] ?? match[3] ?? match[4]);
    }
    const key = (attributes.get('property') ?? attributes.get('name'))?.toLowerCase();
    const content = attributes.get('content');
    if (key && content !== undefined && !tags.has(key)) tags.set(key, content);
  }
  return tags;
}

function clean(text: string | undefined, maxLength: number): string | null {
  if (text === undefined) return null;
  const plain = decodeEntities(text.replace(/<[^>]*>/g, ' '))
    .replace(/[\s\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  if (plain === '') return null;
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 1)}…` : plain;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', middot: '·', bull: '•', copy: '©', reg: '®', trade: '™',
};

/** HTML character references (named, decimal, hex) as the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : entity;
  });
}
