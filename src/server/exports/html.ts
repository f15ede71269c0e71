import type { ExportedLink } from './exported-link';

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Netscape bookmark HTML, which every browser and read-later service imports: one folder, each
 * link with ADD_DATE (Unix seconds) and its categories as TAGS, the page's excerpt as EXCERPT (an
 * attribute: <DD> is the notes, which imports read back as notes), notes as <DD>.
 */
export function toBookmarkHtml(rows: ExportedLink[]): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
    '    <DT><H3>Stash</H3>',
    '    <DL><p>',
  ];
  for (const link of rows) {
    const added = Math.floor(link.createdAt.getTime() / 1000);
    const tags = link.categories.map((name) => name.replaceAll(',', ' ')).join(',');
    const excerpt = link.excerpt ? ` EXCERPT="${escapeHtml(link.excerpt)}"` : '';
    lines.push(`        <DT><A HREF="${escapeHtml(link.url)}" ADD_DATE="${added}" TAGS="${escapeHtml(tags)}"${excerpt}>${escapeHtml(link.title ?? link.url)}</A>`);
    if (link.notes) lines.push(`        <DD>${escapeHtml(link.notes)}`);
  }
  lines.push('    </DL><p>', '</DL><p>', '');
  return lines.join('\n');
}
