import type { Readable } from 'node:stream';
import type { HighlightColor } from '../../db/schema/highlights';
import { importMessages } from '../../../shared/import-texts';
import { readCsvExport } from '../csv';
import {
  multiLine,
  oneLine,
  parsedRow,
  readTime,
  rowError,
  splitTags,
  type ImportedHighlight,
  type ImportRow,
  type ParsedItem,
} from '../import-row';

/** Readwise's six colours onto Stash's four; any other (or none) is yellow. */
const COLORS: Record<string, HighlightColor> = {
  yellow: 'yellow',
  orange: 'yellow',
  green: 'green',
  blue: 'blue',
  purple: 'blue',
  pink: 'pink',
  red: 'pink',
};

/** As the highlights API allows (shared/highlight-schemas.ts). */
const MAX_HIGHLIGHT = 5000;
const MAX_NOTE = 2000;

/**
 * Readwise's CSV export of highlights: `Highlight, Book Title, Book Author, Amazon Book ID, Note,
 * Color, Tags, Location Type, Location, Highlighted at, Document tags, URL`, one row per highlight.
 * Rows with a URL (articles, tweets, web pages) become links, one per URL with all its rows'
 * highlights in the file's order; the link is dated by its first highlight. A book's rows (no URL)
 * have nothing to save. The whole file is grouped before anything is given: rows of one page are
 * not always next to each other.
 */
export async function* parseReadwiseHighlightsCsv(input: Readable, file?: string): AsyncGenerator<ParsedItem> {
  const byUrl = new Map<string, { row: ImportRow }>();
  const rows = readCsvExport(input, file, 'a Readwise highlights export', (row) => {
    if (!row.get('url')?.trim()) return rowError(row.line, importMessages.bookHighlight, file);
    const exact = multiLine(row.get('highlight'), MAX_HIGHLIGHT + 1);
    if (!exact) return rowError(row.line, importMessages.emptyHighlight, file);
    if (exact.length > MAX_HIGHLIGHT) return rowError(row.line, importMessages.highlightTooLong, file);
    const highlight: ImportedHighlight = {
      exact,
      note: multiLine(row.get('note'), MAX_NOTE),
      color: COLORS[row.get('color')?.trim().toLowerCase() ?? ''] ?? 'yellow',
      createdAt: readTime(row.get('highlighted at')),
    };
    return parsedRow(row.line, file, row.get('url'), {
      title: oneLine(row.get('book title')),
      notes: null,
      tags: documentTags(row.get('document tags')),
      createdAt: highlight.createdAt,
      readAt: null,
      highlights: [highlight],
    });
  });
  for await (const item of rows) {
    if ('error' in item) {
      yield item;
      continue;
    }
    const earlier = byUrl.get(item.row.url);
    if (!earlier) {
      byUrl.set(item.row.url, item);
      continue;
    }
    const link = earlier.row;
    link.highlights = [...(link.highlights ?? []), ...(item.row.highlights ?? [])];
    if (item.row.createdAt && (!link.createdAt || item.row.createdAt < link.createdAt)) link.createdAt = item.row.createdAt;
    link.title ??= item.row.title;
  }
  yield* byUrl.values();
}

/** `tag1, tag2`, or a list in brackets as Reader writes it (`['a', 'b']`). */
function documentTags(cell: string | undefined): string[] {
  return splitTags((cell ?? '').replace(/^\s*\[|\]\s*$/g, ''), ',')
    .map((tag) => tag.replace(/^['"]|['"]$/g, '').trim())
    .filter(Boolean);
}
