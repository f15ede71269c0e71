import { Readable } from 'node:stream';
import type { ImportSource } from '../../../shared/portability';

/** How much of a file is looked at to tell which program wrote it. */
const HEAD_BYTES = 4096;

/**
 * Which program wrote a file, told from its first bytes (the `auto` import): a JSON file by the
 * keys near its start (JSON_KEYS), else our JSON export; bookmark HTML; or a CSV by its header:
 * ours (category1…), Readwise Reader's (Document tags, Saved date), Readwise's highlights
 * (Highlight, Book Title), Instapaper's (URL, Title,
 * Selection, Folder), Raindrop's (folder with cover or highlights), else Pocket's, the most
 * common. Returns the stream as it was.
 */
export async function detectSource(input: Readable): Promise<{ source: Exclude<ImportSource, 'auto'>; whole: Readable }> {
  const { head, whole } = await peek(input);
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return { source: jsonSource(text), whole };
  if (text.startsWith('<')) return { source: 'netscape', whole };
  const header = (text.split(/\r?\n/, 1)[0] ?? '')
    .toLowerCase()
    .split(',')
    .map((cell) => cell.trim().replace(/^"|"$/g, ''));
  const has = (...cells: string[]) => cells.every((cell) => header.includes(cell));
  if (has('category1') || has('include_in_newsletter')) return { source: 'stash', whole };
  if (has('url', 'document tags', 'saved date')) return { source: 'readwise', whole };
  if (has('url', 'highlight', 'book title')) return { source: 'readwise-highlights', whole };
  if (has('url', 'title', 'selection', 'folder')) return { source: 'instapaper', whole };
  if (has('folder', 'url') && (has('cover') || has('highlights'))) return { source: 'raindrop', whole };
  return { source: 'pocket', whole };
}

/** The keys each app's JSON export has near its start, and that no other's has. */
const JSON_KEYS: [Exclude<ImportSource, 'auto'>, RegExp][] = [
  ['browser-json', /"roots"\s*:\s*\{|"text\/x-moz-place(-container)?"|"root"\s*:\s*"placesRoot"/],
  ['linkwarden', /"collections"\s*:\s*\[/],
  ['karakeep', /"bookmarks"\s*:\s*\[/],
  ['pinboard', /"href"\s*:[\s\S]*"toread"\s*:|"toread"\s*:[\s\S]*"href"\s*:/],
  ['wallabag', /"is_archived"\s*:/],
  ['omnivore', /"savedAt"\s*:|"readingProgress"\s*:/],
];

/** A JSON file's app by its keys; our own export when none matches. */
function jsonSource(head: string): Exclude<ImportSource, 'auto'> {
  return JSON_KEYS.find(([, keys]) => keys.test(head))?.[0] ?? 'stash';
}

/** The first HEAD_BYTES (or fewer, for a shorter file) as text, and the stream as it was, from the start. */
async function peek(input: Readable): Promise<{ head: string; whole: Readable }> {
  const chunks = input[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let bytes = 0;
  while (bytes < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    read.push(next.value as Buffer);
    bytes += (next.value as Buffer).length;
  }
  const rest = { [Symbol.asyncIterator]: () => chunks };
  const whole = Readable.from(
    (async function* () {
      yield* read;
      yield* rest;
    })(),
  );
  return { head: Buffer.concat(read).subarray(0, HEAD_BYTES).toString('utf8'), whole };
}
