import type { Readable } from 'node:stream';
import { HttpError } from '../../http/http-error';
import { importMessages } from '../../../shared/import-texts';
import { parsedRow, readTime, rowError, splitTags, type ParsedItem } from '../import-row';
import { readWholeText } from '../text-stream';

/** Microseconds between 1601-01-01 (Chrome's and Windows' epoch) and 1970-01-01. */
const CHROME_EPOCH_OFFSET_US = 11_644_473_600_000_000n;

const WHAT = 'a browser bookmark file (JSON)';

/**
 * A browser's bookmarks as JSON, told apart by their content and read whole (at most 50 MB, in the
 * import worker): Chrome's and Edge's `Bookmarks` file (`{ roots: { bookmark_bar, other, synced },
 * … }`, nodes of type "url" or "folder", `date_added` in microseconds since 1601) and Firefox's
 * backup (`bookmarks-YYYY-MM-DD.json`: containers and places, `uri`, `dateAdded` in microseconds,
 * `tags` comma-separated). The browser's roots (Chrome's `roots` entries, Firefox's containers with
 * a `root`) are no categories; the folders inside them are, from the innermost out, after the tags.
 * A row's "line" is the link's place among the file's links.
 */
export async function* parseBrowserJson(input: Readable, file?: string): AsyncGenerator<ParsedItem> {
  let document: unknown;
  try {
    document = JSON.parse(await readWholeText(input));
  } catch {
    throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised(WHAT, 'it is not valid JSON'));
  }
  const links = isChrome(document) ? chromeLinks(document) : isFirefox(document) ? firefoxLinks(document) : undefined;
  if (!links) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised(WHAT, "it is neither Chrome's nor Firefox's"));
  let line = 0;
  for (const link of links) {
    line += 1;
    yield link.url === undefined
      ? rowError(line, importMessages.unreadableRow, file)
      : parsedRow(line, file, link.url, { ...link, notes: null, readAt: null });
  }
}

interface BrowserLink {
  url: string | undefined;
  title: string | undefined;
  tags: string[];
  createdAt: Date | null;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const childrenOf = (node: Node) => (Array.isArray(node.children) ? node.children.filter(isNode) : []);

function isChrome(document: unknown): document is Node & { roots: Node } {
  return isNode(document) && isNode(document.roots);
}

function isFirefox(document: unknown): document is Node {
  return isNode(document) && (document.type === 'text/x-moz-place-container' || typeof document.root === 'string');
}

function* chromeLinks(document: { roots: Node }): Generator<BrowserLink> {
  function* walk(node: Node, folders: string[]): Generator<BrowserLink> {
    if (node.type === 'url') {
      yield { url: text(node.url) ?? '', title: text(node.name), tags: [...folders].reverse(), createdAt: chromeTime(node.date_added) };
      return;
    }
    const name = text(node.name)?.trim();
    for (const child of childrenOf(node)) yield* walk(child, name ? [...folders, name] : folders);
  }
  for (const root of Object.values(document.roots)) {
    if (isNode(root)) for (const child of childrenOf(root)) yield* walk(child, []);
  }
}

/** Chrome's times: microseconds since 1601-01-01, as a string of digits. */
function chromeTime(value: unknown): Date | null {
  const digits = text(value)?.trim();
  if (!digits || !/^\d{1,20}$/.test(digits)) return null;
  const unixUs = BigInt(digits) - CHROME_EPOCH_OFFSET_US;
  return unixUs > 0n ? new Date(Number(unixUs / 1000n)) : null;
}

function* firefoxLinks(document: Node): Generator<BrowserLink> {
  function* walk(node: Node, folders: string[]): Generator<BrowserLink> {
    if (node.type === 'text/x-moz-place') {
      yield {
        url: text(node.uri),
        title: text(node.title),
        tags: [...splitTags(text(node.tags), ','), ...[...folders].reverse()],
        createdAt: readTime(String(node.dateAdded ?? '')),
      };
      return;
    }
    if (node.type !== 'text/x-moz-place-container') return;
    const name = typeof node.root === 'string' ? undefined : text(node.title)?.trim();
    for (const child of childrenOf(node)) yield* walk(child, name ? [...folders, name] : folders);
  }
  yield* walk(document, []);
}
