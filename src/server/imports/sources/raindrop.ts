import type { Readable } from 'node:stream';
import { readCsvExport } from '../csv';
import { multiLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';

/**
 * Raindrop.io's CSV backup: `id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite`
 * (its import format's `url,folder,title,note,tags,created` reads the same). Tags are separated by
 * commas inside one cell; the folder (its last part: "Work/Reading" is Reading) comes after them
 * unless it is Raindrop's own "Unsorted"; `created` is an ISO date or Unix seconds.
 */
export function parseRaindropCsv(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  return readCsvExport(input, file, 'a Raindrop.io export', (row) => {
    const folder = splitTags(row.get('folder'), '/').at(-1);
    return parsedRow(row.line, file, row.get('url'), {
      title: row.get('title'),
      notes: multiLine(row.get('note')),
      description: multiLine(row.get('excerpt')),
      tags: [...splitTags(row.get('tags'), ','), ...(folder && folder.toLowerCase() !== 'unsorted' ? [folder] : [])],
      createdAt: readTime(row.get('created')),
      readAt: null,
    });
  });
}
