import { protectCell, STASH_CSV_COLUMNS } from './columns';
import type { ExportedLink } from './exported-link';

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
function quote(value: string): string {
  const cell = protectCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Our CSV export (columns.ts), one link a line, CRLF as RFC 4180 has it. */
export function toCsv(rows: ExportedLink[]): string {
  const lines = [STASH_CSV_COLUMNS.join(',')];
  for (const link of rows) {
    const cells = [
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
    ];
    lines.push(cells.map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
