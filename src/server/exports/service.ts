import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { links, pageCopies } from '../db/schema';
import type { ExportFormat } from '../../shared/portability';
import { toCsv } from './csv';
import { toBookmarkHtml } from './html';
import { toJson } from './json';
import { exportColumns, type ExportedLink } from './exported-link';

const formats: Record<ExportFormat, { contentType: string; write: (rows: ExportedLink[], now: Date) => string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', write: toCsv },
  json: { contentType: 'application/json; charset=utf-8', write: toJson },
  html: { contentType: 'text/html; charset=utf-8', write: toBookmarkHtml },
};

/** Every link of the user (and only theirs), newest first, as a file to download. */
export async function exportLinks(db: Db, userId: string, format: ExportFormat, now = new Date()) {
  const rows = await db.select(exportColumns).from(links).leftJoin(pageCopies, eq(pageCopies.linkId, links.id)).where(eq(links.userId, userId)).orderBy(desc(links.createdAt), desc(links.id));
  const { contentType, write } = formats[format];
  return { contentType, fileName: `stash-export-${now.toISOString().slice(0, 10)}.${format}`, body: write(rows, now) };
}
