import { strToU8, zipSync } from 'fflate';
import { stringify } from 'yaml';
import type { ExportedLink } from './exported-link';

/*
 * The Markdown export: a ZIP of one file per link with highlights, for Obsidian and other notes
 * apps. YAML front matter (title, url, site, saved, categories), the user's notes on the link,
 * then each highlight as a blockquote with its note below.
 */

/** Characters no file system takes in a name, control characters, and leading dots. */
const UNSAFE_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*#^[\]]+/g;
const MAX_NAME_LENGTH = 80;

function fileNameOf(link: ExportedLink, taken: Set<string>): string {
  const base =
    (link.title ?? new URL(link.url).hostname)
      .replace(UNSAFE_NAME, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, MAX_NAME_LENGTH)
      .trim() || 'Untitled';
  let name = `${base}.md`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).md`;
  taken.add(name.toLowerCase());
  return name;
}

const blockquote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');

export function toMarkdownFile(link: ExportedLink): string {
  const frontMatter = stringify({
    title: link.title ?? link.url,
    url: link.url,
    site: link.siteName,
    saved: link.createdAt.toISOString().slice(0, 10),
    categories: link.categories,
  });
  const parts = [`---\n${frontMatter}---`, `# ${(link.title ?? link.url).replace(/\s+/g, ' ')}`];
  if (link.notes) parts.push('## Notes', link.notes);
  parts.push('## Highlights');
  for (const highlight of link.highlights) {
    parts.push(blockquote(highlight.exact));
    if (highlight.note) parts.push(highlight.note);
  }
  return `${parts.join('\n\n')}\n`;
}

/** The ZIP's bytes: a file for each link that has highlights, named after its title. */
export function toMarkdownZip(rows: ExportedLink[]): Uint8Array {
  const taken = new Set<string>();
  const files: Record<string, Uint8Array> = {};
  for (const link of rows) {
    if (link.highlights.length === 0) continue;
    files[fileNameOf(link, taken)] = strToU8(toMarkdownFile(link));
  }
  return zipSync(files);
}
