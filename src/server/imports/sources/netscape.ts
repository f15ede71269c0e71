import type { Readable } from 'node:stream';
import { HttpError } from '../../http/http-error';
import { decodeEntities } from '../../links/title-fetch/page-metadata';
import { importMessages } from '../../../shared/portability';
import { htmlTags, readAttributes } from '../html-tags';
import { multiLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';
import { readWholeText } from '../text-stream';

/** The folders browsers put everything in: no more a topic than "Bookmarks" is. */
const BROWSER_ROOTS = new Set(['bookmarks', 'bookmarks bar', 'bookmarks toolbar', 'bookmarks menu', 'other bookmarks', 'mobile bookmarks', 'favorites bar', 'favourites bar', 'imported']);

/** Some link with an href, looked for in a bounded way (no '<' inside a tag). */
const HAS_LINK = /<a\s[^<>]{0,4096}?href\s*=/i;

/**
 * Netscape bookmark HTML, what every browser exports: `<DT><A HREF ADD_DATE TAGS>title</A>`,
 * optionally followed by `<DD>` notes, in folders (`<DT><H3>name</H3><DL>…</DL>`) nested to any
 * depth. A link's tags are its TAGS attribute, then its folders from the innermost out (not the
 * browser's own roots). Pocket's older ril_export.html is the same shape with `time_added` and
 * `tags` attributes under `<h1>Unread</h1>` and `<h1>Read Archive</h1>`: the latter are read.
 */
export async function* parseNetscapeHtml(input: Readable, file?: string): AsyncGenerator<ParsedItem> {
  // Read whole: a browser's bookmarks are a few MB, and an upload at most 50 MB.
  const text = await readWholeText(input);
  if (!HAS_LINK.test(text)) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a bookmark file', 'there are no links in it'));
  yield* readBookmarks(text, file);
}

function* readBookmarks(text: string, file?: string): Generator<ParsedItem> {
  const lines = new LineCounter(text);
  const folders: (string | null)[] = [];
  const now = new Date();
  let pendingFolder: string | null = null;
  let inArchive = false;
  // A link is given out once the next tag shows whether a <DD> with its notes follows.
  let held: ParsedItem | null = null;

  for (const tag of htmlTags(text)) {
    const { name, closing } = tag;
    if (closing && name !== 'dl') continue;
    if (name === 'dd') {
      if (held && 'row' in held) held.row.notes = multiLine(decodeEntities(tag.textAfter));
      continue;
    }
    if (name !== 'dl' && name !== 'h3' && name !== 'h1' && name !== 'a') continue;
    if (held) yield held;
    held = null;
    if (name === 'dl') {
      if (closing) folders.pop();
      else folders.push(pendingFolder);
      pendingFolder = null;
    } else if (name === 'h3') {
      pendingFolder = decodeEntities(tag.textAfter).trim() || null;
    } else if (name === 'h1') {
      inArchive = /archive/i.test(tag.textAfter);
    } else {
      const attributes = readAttributes(tag.attributes);
      const href = attributes.get('href');
      if (href === undefined) continue;
      const tags = [
        ...splitTags(decodeEntities(attributes.get('tags') ?? ''), ','),
        ...folders.filter((folder): folder is string => folder !== null && !BROWSER_ROOTS.has(folder.toLowerCase())).reverse(),
      ];
      held = parsedRow(lines.lineAt(tag.offset), file, decodeEntities(href), {
        title: decodeEntities(tag.textAfter),
        notes: null,
        tags: [...new Set(tags)],
        createdAt: readTime(attributes.get('add_date') ?? attributes.get('time_added')),
        readAt: inArchive ? now : null,
      });
    }
  }
  if (held) yield held;
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
