/** One tag of an HTML file, as the bookmark parser needs it. */
export interface HtmlTag {
  /** Lower-case name, e.g. 'a', 'dl'. */
  name: string;
  closing: boolean;
  /** Where the tag starts in the file. */
  offset: number;
  /** What is between the tag's name and its '>'. */
  attributes: string;
  /** The text after the tag, up to the next tag. */
  textAfter: string;
}

/**
 * The tags of an HTML file, in one pass: each '<' looks no further than the next '<' or '>' (both
 * found once and reused), so no file, however malformed, is read more than a few times over. A
 * '<' not closed before the next one is no tag.
 */
export function* htmlTags(text: string): Generator<HtmlTag> {
  let close = -1;
  for (let open = text.indexOf('<'); open !== -1; ) {
    const next = text.indexOf('<', open + 1);
    if (close < open) close = text.indexOf('>', open);
    if (close === -1) return;
    if (next === -1 || close < next) {
      const tag = /^(\/?)([a-z][a-z0-9]*)/i.exec(text.slice(open + 1, Math.min(close, open + 12)));
      if (tag) {
        const [head, slash, name] = tag;
        yield {
          name: name.toLowerCase(),
          closing: slash === '/',
          offset: open,
          attributes: text.slice(open + 1 + head.length, close),
          textAfter: text.slice(close + 1, next === -1 ? text.length : next),
        };
      }
    }
    open = next;
  }
}

const ATTRIBUTE_NAME = /[^\s=/]+/y;
const BARE_VALUE = /\S*/y;

/** A tag's attributes (names lower-case), quoted or not, read left to right in one pass. */
export function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const length = source.length;
  let at = 0;
  while (at < length) {
    while (at < length && /[\s/]/.test(source[at])) at += 1;
    ATTRIBUTE_NAME.lastIndex = at;
    const name = ATTRIBUTE_NAME.exec(source)?.[0];
    if (!name) {
      at += 1;
      continue;
    }
    at += name.length;
    while (at < length && /\s/.test(source[at])) at += 1;
    if (source[at] !== '=') {
      attributes.set(name.toLowerCase(), '');
      continue;
    }
    at += 1;
    while (at < length && /\s/.test(source[at])) at += 1;
    const quote = source[at];
    let value: string;
    if (quote === '"' || quote === "'") {
      const end = source.indexOf(quote, at + 1);
      value = source.slice(at + 1, end === -1 ? length : end);
      at = end === -1 ? length : end + 1;
    } else {
      BARE_VALUE.lastIndex = at;
      value = BARE_VALUE.exec(source)?.[0] ?? '';
      at += value.length;
    }
    attributes.set(name.toLowerCase(), value);
  }
  return attributes;
}
