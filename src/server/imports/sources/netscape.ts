import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import { HttpError } from '../../http/http-error';
import { importMessages } from '../../../shared/portability';
import { multiLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';

/** The folders browsers put everything in: no more a topic than "Bookmarks" is. */
const BROWSER_ROOTS = new Set(['bookmarks', 'bookmarks bar', 'bookmarks toolbar', 'bookmarks menu', 'other bookmarks', 'mobile bookmarks', 'favorites bar', 'favourites bar', 'imported']);

/** A tag as the bookmarks are read from it: its name, attributes, line, and the text after it up to the next tag. */
interface Tag {
  name: string;
  closing: boolean;
  attributes: Record<string, string>;
  line: number;
  textAfter: string;
}

/**
 * Netscape bookmark HTML, what every browser exports: `<DT><A HREF ADD_DATE TAGS>title</A>`,
 * optionally followed by `<DD>` notes, in folders (`<DT><H3>name</H3><DL>…</DL>`) nested to any
 * depth. A link's tags are its TAGS attribute, then its folders from the innermost out (not the
 * browser's own roots). Pocket's older ril_export.html is the same shape with `time_added` and
 * `tags` attributes under `<h1>Unread</h1>` and `<h1>Read Archive</h1>`: the latter are read.
 * Read as a stream by htmlparser2 (entities decoded), a chunk at a time; a file without a single
 * link is not a bookmark file (400).
 */
export async function* parseNetscapeHtml(input: Readable, file?: string): AsyncGenerator<ParsedItem> {
  const bookmarks = new BookmarkReader(file);
  const lines = new LineCounter();
  let current: Tag | undefined;
  const next = (tag: Tag | undefined) => {
    if (current) bookmarks.read(current);
    current = tag;
  };
  const parser = new Parser(
    {
      onopentag: (name, attributes) => next({ name, closing: false, attributes, line: lines.lineAt(parser.startIndex), textAfter: '' }),
      onclosetag: (name, implied) => {
        if (!implied) next({ name, closing: true, attributes: {}, line: lines.lineAt(parser.startIndex), textAfter: '' });
      },
      ontext: (text) => {
        if (current) current.textAfter += text;
      },
    },
    { decodeEntities: true },
  );
  const decoder = new StringDecoder('utf8');
  const write = (text: string) => {
    lines.add(text);
    parser.write(text);
  };
  for await (const chunk of input) {
    write(decoder.write(chunk as Buffer));
    yield* bookmarks.take();
  }
  write(decoder.end());
  parser.end();
  next(undefined);
  bookmarks.release();
  yield* bookmarks.take();
  if (!bookmarks.sawLink) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a bookmark file', 'there are no links in it'));
}

/** The bookmark file's state as its tags come: the folders around, the link waiting for its notes. */
class BookmarkReader {
  sawLink = false;
  private readonly items: ParsedItem[] = [];
  private readonly folders: (string | null)[] = [];
  private readonly now = new Date();
  private pendingFolder: string | null = null;
  private inArchive = false;
  // A link is given out once the next tag shows whether a <DD> with its notes follows.
  private held: ParsedItem | null = null;

  constructor(private readonly file: string | undefined) {}

  /** The items read so far. */
  take(): ParsedItem[] {
    return this.items.splice(0);
  }

  read(tag: Tag): void {
    const { name, closing } = tag;
    if (closing && name !== 'dl') return;
    if (name === 'dd') {
      if (this.held && 'row' in this.held) this.held.row.notes = multiLine(tag.textAfter);
      return;
    }
    if (name !== 'dl' && name !== 'h3' && name !== 'h1' && name !== 'a') return;
    this.release();
    if (name === 'dl') {
      if (closing) this.folders.pop();
      else this.folders.push(this.pendingFolder);
      this.pendingFolder = null;
    } else if (name === 'h3') {
      this.pendingFolder = tag.textAfter.trim() || null;
    } else if (name === 'h1') {
      this.inArchive = /archive/i.test(tag.textAfter);
    } else {
      const href = tag.attributes.href;
      if (href === undefined) return;
      this.sawLink = true;
      const tags = [
        ...splitTags(tag.attributes.tags ?? '', ','),
        ...this.folders.filter((folder): folder is string => folder !== null && !BROWSER_ROOTS.has(folder.toLowerCase())).reverse(),
      ];
      this.held = parsedRow(tag.line, this.file, href, {
        title: tag.textAfter,
        notes: null,
        tags: [...new Set(tags)],
        createdAt: readTime(tag.attributes.add_date ?? tag.attributes.time_added),
        readAt: this.inArchive ? this.now : null,
      });
    }
  }

  /** The link held, if any, given out. */
  release(): void {
    if (this.held) this.items.push(this.held);
    this.held = null;
  }
}

/**
 * Line numbers of offsets in a stream of text, visited in increasing order: only the text after the
 * last offset asked for is kept.
 */
class LineCounter {
  private text = '';
  private base = 0;
  private line = 1;

  add(chunk: string): void {
    this.text += chunk;
  }

  lineAt(offset: number): number {
    const upTo = offset - this.base;
    for (let i = this.text.indexOf('\n'); i !== -1 && i < upTo; i = this.text.indexOf('\n', i + 1)) this.line += 1;
    if (upTo > 0) {
      this.text = this.text.slice(upTo);
      this.base = offset;
    }
    return this.line;
  }
}
