import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { highlights, links, pageCopies } from '../db/schema';
import type { ExportFormat } from '../../shared/portability';
import { toCsv } from './csv';
import { toBookmarkHtml } from './html';
import { toJson } from './json';
import { toMarkdownZip } from './markdown';
import { exportColumns, exportedHighlightColumns, type ExportedHighlight, type ExportedLink } from './exported-link';

const formats: Record<ExportFormat, { contentType: string; write: (rows: ExportedLink[], now: Date) => string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', write: toCsv },
  json: { contentType: 'application/json; charset=utf-8', write: toJson },
  html: { contentType: 'text/html; charset=utf-8', write: toBookmarkHtml },
};

/** Every link of the user (and only theirs), newest first, as a file to download. */
export async function exportLinks(db: Db, userId: string, format: ExportFormat, now = new Date()) {
  const rows = await readExport(db, userId);
  const { contentType, write } = formats[format];
  return { contentType, fileName: `stash-export-${now.toISOString().slice(0, 10)}.${format}`, body: write(rows, now) };
}

/** The Markdown export (markdown.ts): a ZIP of one file per link with highlights. */
export async function exportMarkdown(db: Db, userId: string, now = new Date()) {
  const rows = await readExport(db, userId, { onlyHighlighted: true });
  return {
    contentType: 'application/zip',
    fileName: `stash-highlights-${now.toISOString().slice(0, 10)}.zip`,
    body: Buffer.from(toMarkdownZip(rows)),
  };
}

/**
 * Every link of the user with its highlights in reading order: two queries, both scoped to the
 * owner. onlyHighlighted (the Markdown export): only links with highlights, without the page's text.
 */
export async function readExport(db: Db, userId: string, { onlyHighlighted = false } = {}): Promise<ExportedLink[]> {
  const linkRows = onlyHighlighted
    ? db
        .select({ ...exportColumns, text: sql<string | null>`null` })
        .from(links)
        .where(and(eq(links.userId, userId), gt(links.highlightCount, 0)))
        .orderBy(desc(links.createdAt), desc(links.id))
    : db
        .select(exportColumns)
        .from(links)
        .leftJoin(pageCopies, eq(pageCopies.linkId, links.id))
        .where(eq(links.userId, userId))
        .orderBy(desc(links.createdAt), desc(links.id));
  const [rows, marked] = await Promise.all([
    linkRows,
    db
      .select(exportedHighlightColumns)
      .from(highlights)
      .where(eq(highlights.userId, userId))
      .orderBy(asc(highlights.linkId), asc(highlights.startOffset), asc(highlights.createdAt)),
  ]);
  const byLink = new Map<string, ExportedHighlight[]>();
  for (const { linkId, ...highlight } of marked) {
    const list = byLink.get(linkId) ?? [];
    list.push(highlight);
    byLink.set(linkId, list);
  }
  return rows.map((row) => ({ ...row, highlights: byLink.get(row.id) ?? [] }));
}
