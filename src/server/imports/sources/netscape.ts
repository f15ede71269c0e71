import { HttpError } from '../../http/errors';
import { decodeEntities } from '../../links/title-fetch/page-metadata';
import { importMessages } from '../../../shared/portability';
import { multiLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';

/** The folders browsers put everything in: no more a topic than "Bookmarks" is. */
const BROWSER_ROOTS = new Set(['bookmarks', 'bookmarks bar', 'bookmarks toolbar', 'bookmarks menu', 'other bookmarks', 'mobile bookmarks', 'favorites bar', 'favourites bar', 'imported']);

const TAG = /<(\/?)(dl|h1|h3|a|dd)\b([^>]*)>/gi;
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;

/**
 * Netscape bookmark HTML, what every browser exports: `<DT><A HREF ADD_DATE TAGS>title</A>`,
 * optionally followed by `<DD>` notes, in folders (`<DT><H3>name</H3><DL>…</DL>`) nested to any
 * depth. A link's tags are its TAGS attribute, then its folders from the innermost out (not the
 * browser's own roots). Pocket's older ril_export.html is the same shape with `time_added` and
 * `tags` attributes under `<h1>Unread</h1>` and `<h1>Read Archive</h1>`: the latter are read.
 */
export function parseNetscapeHtml(text: string, file?: string): Iterable<ParsedItem> {
  if (!/<a\b[^>]*\bhref\s*=/i.test(text)) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a bookmark file'));
  return readBookmarks(text, file);
}

function* readBookmarks(text: string, file?: string): Generator<ParsedItem> {
  const lines = new LineCounter(text);
  const folders: (string | null)[] = [];
  const now = new Date();
  let pendingFolder: string | null = null;
  let inArchive = false;
  // A link is given out once the next tag shows whether a <DD> with its notes follows.
  let held: ParsedItem | null = null;

  for (const match of text.matchAll(TAG)) {
    const [whole, closing, name] = match;
    const tag = name.toLowerCase();
    const end = match.index + whole.length;
    if (closing && tag !== 'dl') continue;
    if (tag === 'dd') {
      if (held && 'row' in held) held.row.notes = multiLine(decodeEntities(textUntil(text, end, '<')));
      continue;
    }
    if (held) yield held;
    held = null;
    if (tag === 'dl') {
      if (closing) folders.pop();
      else folders.push(pendingFolder);
      pendingFolder = null;
    } else if (tag === 'h3') {
      pendingFolder = decodeEntities(textUntil(text, end, '</h3')).trim() || null;
    } else if (tag === 'h1') {
      inArchive = /archive/i.test(textUntil(text, end, '</h1'));
    } else {
      const attributes = readAttributes(match[3]);
      const href = attributes.get('href');
      if (href === undefined) continue;
      const tags = [
        ...splitTags(attributes.get('tags'), ','),
        ...folders.filter((folder): folder is string => folder !== null && !BROWSER_ROOTS.has(folder.toLowerCase())).reverse(),
      ];
      held = parsedRow(lines.lineAt(match.index), file, href, {
        title: decodeEntities(textUntil(text, end, '</a')),
        notes: null,
        tags: [...new Set(tags)],
        createdAt: readTime(attributes.get('add_date') ?? attributes.get('time_added')),
        readAt: inArchive ? now : null,
      });
    }
  }
  if (held) yield held;
}

function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    attributes.set(name.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ''));
  }
  return attributes;
}

/** The text from `from` up to the next `stop` (case-insensitive), tags inside it removed. */
function textUntil(text: string, from: number, stop: string): string {
  const lower = stop.toLowerCase();
  let end = text.indexOf(lower, from);
  const upper = text.indexOf(stop.toUpperCase(), from);
  if (end === -1 || (upper !== -1 && upper < end)) end = upper;
  return text.slice(from, end === -1 ? text.length : end).replace(/<[^>]*>/g, '');
}

/** Line numbers of offsets visited in increasing order, without counting from the start each time. */
class LineCounter {
  private offset = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  lineAt(offset: number): number {
    for (let i = this.text.indexOf('\n', this.offset); i !== -1 && i < offset; i = this.text.indexOf('\n', i + 1)) this.line += 1;
    this.offset = Math.max(this.offset, offset);
    return this.line;
  }
}
