import { HttpError } from '../../http/http-error';
import { importMessages } from '../../../shared/portability';
import { readCsvTable } from '../csv';
import { oneLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';

/**
 * Pocket's CSV export, read by column name: `title,url,time_added,cursor,tags,status` and the
 * older `title,url,time_added,tags,status` both occur. time_added is Unix seconds; tags are
 * separated by `|`; status `archive` is a read link.
 */
export function parsePocketCsv(text: string, file?: string): Iterable<ParsedItem> {
  const { header, rows } = readCsvTable(text);
  if (!header.includes('url')) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised('a Pocket export'));
  const now = new Date();
  return (function* () {
    for (const row of rows) {
      yield parsedRow(row.line, file, row.get('url'), {
        title: row.get('title'),
        notes: null,
        tags: splitTags(row.get('tags'), '|'),
        createdAt: readTime(row.get('time_added')),
        readAt: oneLine(row.get('status'))?.toLowerCase() === 'archive' ? now : null,
      });
    }
  })();
}
