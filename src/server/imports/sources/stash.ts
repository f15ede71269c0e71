import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { importMessages } from '../../../shared/portability';
import { unprotectCell } from '../../exports/columns';
import { readCsvTable } from '../csv';
import { parsedRow, readTime, rowError, type ParsedItem } from '../import-row';

/** Our own exports read back: the CSV (by its column names) or the JSON. Nothing is lost. */
export function parseStashExport(text: string, file?: string): Iterable<ParsedItem> {
  const start = text.trimStart()[0];
  return start === '{' || start === '[' ? parseStashJson(text, file) : parseStashCsv(text, file);
}

function parseStashCsv(text: string, file?: string): Iterable<ParsedItem> {
  const { header, rows } = readCsvTable(text);
  if (!header.includes('url')) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a Stash export'));
  return (function* () {
    for (const row of rows) {
      const cell = (column: string) => unprotectCell(row.get(column) ?? '');
      yield parsedRow(row.line, file, cell('url'), {
        title: cell('title'),
        description: cell('description'),
        notes: cell('notes'),
        tags: [cell('category1'), cell('category2'), cell('category3')].filter(Boolean),
        createdAt: readTime(cell('created_at')),
        readAt: readTime(cell('read_at')),
        includeInNewsletter: cell('include_in_newsletter') !== 'false',
      });
    }
  })();
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

/** The JSON export: `{ links: [...] }` (or the list alone). A row's "line" is its place in the list. */
function parseStashJson(text: string, file?: string): Iterable<ParsedItem> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a Stash export', 'it is not valid JSON'));
  }
  const list = Array.isArray(document) ? document : (document as { links?: unknown })?.links;
  if (!Array.isArray(list)) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a Stash export', 'there is no list of links'));
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
