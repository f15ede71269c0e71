import { stringify } from 'csv-stringify/sync';
import { protectCell, STASH_CSV_COLUMNS } from './columns';
import type { ExportedLink } from './exported-link';

function cells(link: ExportedLink): string[] {
  return [
    link.url,
    link.title ?? '',
    link.description ?? '',
    link.notes ?? '',
    link.categories[0] ?? '',
    link.categories[1] ?? '',
    link.categories[2] ?? '',
    String(link.includeInNewsletter),
    link.readAt?.toISOString() ?? '',
    link.createdAt.toISOString(),
    link.excerpt ?? '',
  ].map(protectCell);
}

/**
 * Our CSV export (columns.ts), one link a line, CRLF as RFC 4180 has it. csv-stringify quotes only
 * cells holding the whole record delimiter, so `quoted_match` also quotes a lone CR or LF, which
 * spreadsheets would otherwise take for the end of a row.
 */
export function toCsv(rows: ExportedLink[]): string {
  return stringify(rows.map(cells), {
    header: true,
    columns: [...STASH_CSV_COLUMNS],
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
  });
}
