import { Readable } from 'node:stream';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { importMessages } from '../../../shared/import-texts';
import { unprotectCell } from '../../exports/columns';
import { readCsvExport } from '../csv';
import { parsedRow, readTime, rowError, type ParsedItem } from '../import-row';
import { readWholeText } from '../text-stream';

/** Our own exports read back: the CSV (by its column names) or the JSON. Nothing is lost. */
export async function* parseStashExport(input: Readable, file?: string): AsyncGenerator<ParsedItem> {
  const { first, whole } = await firstCharacter(input);
  yield* first === '{' || first === '[' ? parseStashJson(await readWholeText(whole), file) : parseStashCsv(whole, file);
}

/** The first character that is not white space (nor a BOM), and the stream as it was, read from the start. */
async function firstCharacter(input: Readable): Promise<{ first: string | undefined; whole: Readable }> {
  const chunks = input[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let first: string | undefined;
  while (first === undefined) {
    const next = await chunks.next();
    if (next.done) break;
    read.push(next.value as Buffer);
    first = (next.value as Buffer).toString('utf8').trimStart()[0];
  }
  const rest = { [Symbol.asyncIterator]: () => chunks };
  return {
    first,
    whole: Readable.from(
      (async function* () {
        yield* read;
        yield* rest;
      })(),
    ),
  };
}

function parseStashCsv(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  return readCsvExport(input, file, 'a Stash export', (row) => {
    const cell = (column: string) => unprotectCell(row.get(column) ?? '');
    return parsedRow(row.line, file, cell('url'), {
      title: cell('title'),
      description: cell('description'),
      notes: cell('notes'),
      tags: [cell('category1'), cell('category2'), cell('category3')].filter(Boolean),
      createdAt: readTime(cell('created_at')),
      readAt: readTime(cell('read_at')),
      includeInNewsletter: cell('include_in_newsletter') !== 'false',
    });
  });
}

const exportedLink = z.object({
  url: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  notes: z.string().nullish(),
  categories: z.array(z.string()).nullish(),
  includeInNewsletter: z.boolean().nullish(),
  readAt: z.string().nullish(),
  createdAt: z.string().nullish(),
});

/**
 * The JSON export: `{ links: [...] }` (or the list alone), read whole (an upload is at most 50 MB;
 * what does not fit the import worker's memory is refused). A row's "line" is its place in the list.
 */
function parseStashJson(text: string, file?: string): Iterable<ParsedItem> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a Stash export', 'it is not valid JSON'));
  }
  const list = Array.isArray(document) ? document : (document as { links?: unknown })?.links;
  if (!Array.isArray(list))
    throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a Stash export', 'there is no list of links'));
  // Rows are checked as the batches reach them, not all at once: the list is all that is held.
  return (function* () {
    for (const [i, item] of list.entries()) {
      const link = exportedLink.safeParse(item);
      if (!link.success) {
        yield rowError(i + 1, importMessages.unreadableRow, file);
        continue;
      }
      const { url, title, description, notes, categories, includeInNewsletter, readAt, createdAt } = link.data;
      yield parsedRow(i + 1, file, url, {
        title,
        description: description ?? null,
        notes: notes ?? null,
        tags: categories ?? [],
        createdAt: readTime(createdAt),
        readAt: readTime(readAt),
        includeInNewsletter: includeInNewsletter ?? true,
      });
    }
  })();
}
