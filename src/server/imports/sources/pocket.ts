import type { Readable } from 'node:stream';
import { readCsvExport } from '../csv';
import { oneLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';

/**
 * Pocket's CSV export, read by column name: `title,url,time_added,cursor,tags,status` and the
 * older `title,url,time_added,tags,status` both occur. time_added is Unix seconds; tags are
 * separated by `|`; status `archive` is a read link.
 */
export function parsePocketCsv(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  const now = new Date();
  return readCsvExport(input, file, 'a Pocket export', (row) =>
    parsedRow(row.line, file, row.get('url'), {
      title: row.get('title'),
      notes: null,
      tags: splitTags(row.get('tags'), '|'),
      createdAt: readTime(row.get('time_added')),
      readAt: oneLine(row.get('status'))?.toLowerCase() === 'archive' ? now : null,
    }),
  );
}
