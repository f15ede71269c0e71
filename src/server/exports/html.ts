import type { ExportedLink } from './exported-link';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Netscape bookmark HTML, which every browser and read-later service imports: the links in the
 * file's own list (no folder of ours, which an import would take for a category), each with
 * ADD_DATE (Unix seconds), its categories as TAGS (a comma inside a name becomes a space there)
 * and exactly as CATEGORIES (a JSON list, which our import prefers), its read state as TOREAD ("1" unread, "0" read,
 * as Pinboard and linkding write it) with LAST_VISIT the time it was read, the page's excerpt as
 * EXCERPT (an attribute: <DD> is the notes, which imports read back as notes), notes as <DD>.
 */
export function toBookmarkHtml(rows: ExportedLink[]): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  for (const link of rows) {
    const added = Math.floor(link.createdAt.getTime() / 1000);
    const tags = link.categories.map((name) => name.replaceAll(',', ' ')).join(',');
    const readState = link.readAt ? `TOREAD="0" LAST_VISIT="${Math.floor(link.readAt.getTime() / 1000)}"` : 'TOREAD="1"';
    const excerpt = link.excerpt ? ` EXCERPT="${escapeHtml(link.excerpt)}"` : '';
    const exact = escapeHtml(JSON.stringify(link.categories));
    lines.push(
      `    <DT><A HREF="${escapeHtml(link.url)}" ADD_DATE="${added}" TAGS="${escapeHtml(tags)}" CATEGORIES="${exact}" ${readState}${excerpt}>${escapeHtml(link.title ?? link.url)}</A>`,
    );
    if (link.notes) lines.push(`    <DD>${escapeHtml(link.notes)}`);
  }
  lines.push('</DL><p>', '');
  return lines.join('\n');
}
