import type { Readable } from 'node:stream';
import type { HighlightColor } from '../db/schema/highlights';
import { MAX_URL_LENGTH, normaliseUserUrl } from '../../shared/link-rules';
import { importMessages } from '../../shared/import-texts';
import type { ImportErrorDetail } from '../../shared/portability';
import { toMultiLine, toOneLine } from '../../shared/text-cleaning';

/** One link as a source file gave it, before the user's categories and duplicates are looked at. */
export interface ImportRow {
  line: number;
  file?: string;
  url: string;
  title: string | null;
  description?: string | null;
  notes: string | null;
  /** The source's tags (or folders), in order: the candidates for the link's categories. */
  tags: string[];
  createdAt: Date | null;
  /** When it was read; null unread. */
  readAt: Date | null;
  /** Only our own exports say; otherwise the link goes into the newsletter. */
  includeInNewsletter?: boolean;
  /** Passages marked in the page (Readwise's export): quotes, found in the copy once the page is read (highlights/README.md). */
  highlights?: ImportedHighlight[];
}

export interface ImportedHighlight {
  exact: string;
  note: string | null;
  color: HighlightColor;
  createdAt: Date | null;
}

/** What a source's parser gives for each row of a file, in order: a link to import, or why not. */
export type ParsedItem = { row: ImportRow } | { error: ImportErrorDetail };

/**
 * A source's parser: a file's bytes (and its name inside a ZIP) to rows and row errors, lazily, so
 * a large file is inserted while the rest is still being read.
 */
export type SourceParser = (input: Readable, file?: string) => AsyncIterable<ParsedItem>;

const MAX_TITLE = 500;
const MAX_NOTES = 2000;

/** One line of a file's text (shared/text.ts), or null when nothing is left. */
export function oneLine(value: string | undefined | null, max = MAX_TITLE): string | null {
  const text = toOneLine(value ?? '');
  return text === '' ? null : text.slice(0, max);
}

/** Several lines of a file's text: tabs and line breaks stay. */
export function multiLine(value: string | undefined | null, max = MAX_NOTES): string | null {
  const text = toMultiLine(value ?? '');
  return text === '' ? null : text.slice(0, max);
}

/**
 * A Unix time (or an ISO date), or null when there is none or it makes no sense. A number is read
 * by its length, as exports write them: up to 11 digits seconds (most), 12 to 14 milliseconds
 * (Google Bookmarks, linkding), 15 to 17 microseconds (Firefox's JSON backup, Chrome's).
 */
export function readTime(value: string | undefined | null): Date | null {
  const text = value?.trim();
  if (!text) return null;
  const digits = /^\d{1,17}$/.test(text) ? text.length : 0;
  const date = digits === 0 ? new Date(text) : new Date(Number(text) / (digits <= 11 ? 1e-3 : digits <= 14 ? 1 : 1e3));
  const time = date.getTime();
  return Number.isNaN(time) || time <= 0 ? null : date;
}

type CheckedUrl = { ok: true; url: string } | { ok: false; message: string };

/**
 * A URL of an imported row: it must say http:// or https:// itself (an import never guesses a
 * scheme: `javascript:` or `ftp://` are errors, not web pages), then pass the save rules.
 */
function checkImportedUrl(value: string | undefined | null): CheckedUrl {
  const text = value?.trim() ?? '';
  if (text === '') return { ok: false, message: importMessages.missingUrl };
  if (!/^https?:\/\//i.test(text) || text.length > MAX_URL_LENGTH) return { ok: false, message: importMessages.invalidUrl };
  const checked = normaliseUserUrl(text);
  return checked.ok ? checked : { ok: false, message: importMessages.invalidUrl };
}

/** A title that is empty or the URL itself is no title: the link shows its URL, and the title may be fetched. */
function titleOf(title: string | undefined | null, rawUrl: string, url: string): string | null {
  const text = oneLine(title);
  return text === null || text === rawUrl.trim() || text === url ? null : text;
}

export function rowError(line: number, message: string, file?: string): ParsedItem {
  return { error: { line, message, ...(file ? { file } : {}) } };
}

type RowFields = Omit<ImportRow, 'line' | 'file' | 'url' | 'title'> & { title: string | undefined | null };

/** A row with its URL checked and its texts cleaned, or the reason it cannot be imported. */
export function parsedRow(line: number, file: string | undefined, rawUrl: string | undefined, fields: RowFields): ParsedItem {
  const checked = checkImportedUrl(rawUrl);
  if (!checked.ok) return rowError(line, checked.message, file);
  // Field by field, not spread: this runs for every row of a file (100,000 in a Pocket export).
  const row: ImportRow = {
    line,
    url: checked.url,
    title: titleOf(fields.title, rawUrl ?? '', checked.url),
    description: multiLine(fields.description),
    notes: multiLine(fields.notes),
    tags: fields.tags,
    createdAt: fields.createdAt,
    readAt: fields.readAt,
  };
  if (file) row.file = file;
  if (fields.includeInNewsletter !== undefined) row.includeInNewsletter = fields.includeInNewsletter;
  if (fields.highlights !== undefined) row.highlights = fields.highlights;
  return { row };
}

/** Every row and error of a parse, for tests. */
export async function collect(items: AsyncIterable<ParsedItem>): Promise<{ rows: ImportRow[]; errors: ImportErrorDetail[] }> {
  const rows: ImportRow[] = [];
  const errors: ImportErrorDetail[] = [];
  for await (const item of items) {
    if ('row' in item) rows.push(item.row);
    else errors.push(item.error);
  }
  return { rows, errors };
}

/** Tags separated by `sep`, trimmed, empty ones dropped. */
export function splitTags(value: string | undefined | null, sep: string): string[] {
  return (value ?? '')
    .split(sep)
    .map((tag) => tag.trim())
    .filter(Boolean);
}
