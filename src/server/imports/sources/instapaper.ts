import type { Readable } from 'node:stream';
import { readCsvExport } from '../csv';
import { multiLine, oneLine, parsedRow, readTime, splitTags, type ParsedItem } from '../import-row';

/** Instapaper's own folders: they say where a link is, not what it is about. */
const STATE_FOLDERS = new Set(['unread', 'archive', 'starred']);

/**
 * Instapaper's CSV export: `URL,Title,Selection,Folder,Timestamp`, newer ones with `Tags` (a JSON
 * array in one cell). Folder Archive is a read link; a folder of the user's own is a tag; the
 * selection (a highlighted passage) becomes the notes; Timestamp is Unix seconds.
 */
export function parseInstapaperCsv(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  const now = new Date();
  return readCsvExport(input, file, 'an Instapaper export', (row) => {
    const folder = oneLine(row.get('folder'));
    const ownFolder = folder && !STATE_FOLDERS.has(folder.toLowerCase()) ? [folder] : [];
    return parsedRow(row.line, file, row.get('url'), {
      title: row.get('title'),
      notes: multiLine(row.get('selection')),
      tags: [...readTags(row.get('tags')), ...ownFolder],
      createdAt: readTime(row.get('timestamp')),
      readAt: folder?.toLowerCase() === 'archive' ? now : null,
    });
  });
}

function readTags(cell: string | undefined): string[] {
  const text = cell?.trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const tags: unknown = JSON.parse(text);
      if (Array.isArray(tags))
        return tags
          .filter((tag): tag is string => typeof tag === 'string')
          .map((tag) => tag.trim())
          .filter(Boolean);
    } catch {
      // Not JSON after all: read it as a list below.
    }
  }
  return splitTags(text, ',');
}
