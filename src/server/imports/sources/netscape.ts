import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import { HttpError } from '../../http/http-error';
import { importMessages } from '../../../shared/import-texts';
import { multiLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';

/** A folder the links are in: its name, and whether it is one of the browser's own roots. */
interface Folder {
  name: string | null;
  root: boolean;
}

/** Firefox's, Chrome's and Edge's marks of their root folders (attribute names as htmlparser2 gives them). */
const ROOT_MARKS = ['personal_toolbar_folder', 'unfiled_bookmarks_folder', 'bookmarks_menu', 'places_root'];

/**
 * Whether a folder heading is a browser's own root, whatever the browser's language: Firefox,
 * Chrome and Edge mark their toolbar and "other bookmarks" folders with ROOT_MARKS, Safari
 * its Reading List with an id of its own, and Safari writes its roots (Favorites, Bookmarks Menu,
 * Reading List) at the top level of the file, outside every list, where no user folder can be.
 */
function isBrowserRoot(attributes: Record<string, string>, outsideEveryList: boolean): boolean {
  return outsideEveryList || ROOT_MARKS.some((mark) => mark in attributes) || /^com\.apple\./i.test(attributes.id ?? '');
}

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
 * depth. A link's tags are its TAGS attribute (our export's exact CATEGORIES first), then its
 * folders from the innermost out (not the browser's own roots, known by their marks rather than
 * their names: `isBrowserRoot`, nor the folder "Stash" our older exports wrapped every link in); TOREAD and LAST_VISIT its read state. Pocket's older
 * ril_export.html is the same shape with `time_added` and `tags` attributes under `<h1>Unread</h1>` and `<h1>Read Archive</h1>`: the latter are read.
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
  if (!bookmarks.sawLink)
    throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a bookmark file', 'there are no links in it'));
}

/** Our own export's CATEGORIES attribute: the link's categories exactly (TAGS cannot hold a comma). */
function stashCategories(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  try {
    const names: unknown = JSON.parse(value);
    return Array.isArray(names) && names.every((name) => typeof name === 'string') ? names : undefined;
  } catch {
    return undefined;
  }
}

/** The bookmark file's state as its tags come: the folders around, the link waiting for its notes. */
class BookmarkReader {
  sawLink = false;
  private readonly items: ParsedItem[] = [];
  private readonly folders: Folder[] = [];
  private readonly now = new Date();
  private pendingFolder: Folder | null = null;
  private inArchive = false;
  /** Whether a link or folder heading has been read yet. */
  private sawEntry = false;
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
      else this.folders.push(this.pendingFolder ?? { name: null, root: false });
      this.pendingFolder = null;
    } else if (name === 'h3') {
      const folderName = tag.textAfter.trim() || null;
      const root = isBrowserRoot(tag.attributes, this.folders.length === 0) || this.isOldStashWrapper(folderName, tag.attributes);
      this.pendingFolder = { name: folderName, root };
      this.sawEntry = true;
    } else if (name === 'h1') {
      this.inArchive = /archive/i.test(tag.textAfter);
    } else {
      const href = tag.attributes.href;
      if (href === undefined) return;
      this.sawLink = true;
      this.sawEntry = true;
      const tags = [
        ...(stashCategories(tag.attributes.categories) ?? splitTags(tag.attributes.tags ?? '', ',')),
        ...this.folders.flatMap((folder) => (folder.name !== null && !folder.root ? [folder.name] : [])).reverse(),
      ];
      this.held = parsedRow(tag.line, this.file, href, {
        title: tag.textAfter,
        notes: null,
        tags: [...new Set(tags)],
        createdAt: readTime(tag.attributes.add_date ?? tag.attributes.time_added),
        readAt: this.readAt(tag.attributes),
      });
    }
  }

  /**
   * TOREAD="1" (Pinboard's and linkding's exports, and ours) is unread, TOREAD="0" read, at its
   * LAST_VISIT when there is one; without TOREAD, only Pocket's Read Archive is read.
   */
  private readAt(attributes: Record<string, string>): Date | null {
    const toRead = attributes.toread?.trim();
    if (toRead === '1') return null;
    if (toRead === '0') return readTime(attributes.last_visit) ?? this.now;
    return this.inArchive ? this.now : null;
  }

  /**
   * Our export before it wrote the links in the file's own list put them all in one folder "Stash":
   * a heading without attributes (browsers give every folder at least ADD_DATE) opening the file's
   * list before anything else. It was never the user's category.
   */
  private isOldStashWrapper(name: string | null, attributes: Record<string, string>): boolean {
    return name === 'Stash' && Object.keys(attributes).length === 0 && this.folders.length === 1 && !this.sawEntry;
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
