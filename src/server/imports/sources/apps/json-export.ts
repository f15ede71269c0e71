import type { Readable } from 'node:stream';
import { HttpError } from '../../../http/http-error';
import { importMessages } from '../../../../shared/import-texts';
import { parsedRow, rowError, type ImportRow, type ParsedItem } from '../../import-row';
import { readWholeText } from '../../text-stream';

/** What an app's JSON entry says of its link, before the URL is checked and the texts cleaned. */
export type AppLink = Pick<ImportRow, 'tags' | 'createdAt' | 'readAt'> & {
  url: string | undefined;
  title?: string | null;
  notes?: string | null;
  description?: string | null;
};

export type Entry = Record<string, unknown>;
export const isEntry = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A read-later app's JSON export, read whole (at most 50 MB, in the import worker): `entriesOf`
 * finds its list of entries (undefined: not this app's export, 400 naming `what`), `linkOf` reads
 * one (undefined: a row error). A row's "line" is the entry's place in the list.
 */
export async function* parseJsonExport(
  input: Readable,
  file: string | undefined,
  what: string,
  entriesOf: (document: unknown) => unknown[] | undefined,
  linkOf: (entry: Entry) => AppLink | undefined,
): AsyncGenerator<ParsedItem> {
  let document: unknown;
  try {
    document = JSON.parse(await readWholeText(input));
  } catch {
    throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised(what, 'it is not valid JSON'));
  }
  const entries = entriesOf(document);
  if (!entries) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised(what, 'there is no list of links'));
  for (const [i, entry] of entries.entries()) {
    const link = isEntry(entry) ? linkOf(entry) : undefined;
    yield link
      ? parsedRow(i + 1, file, link.url, { ...link, title: link.title, notes: link.notes ?? null, description: link.description ?? null })
      : rowError(i + 1, importMessages.unreadableRow, file);
  }
}

/** A list of tag names, or of objects with a `name` (Linkwarden, Karakeep), as strings. */
export function tagNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tag) => {
    const name = typeof tag === 'string' ? tag : isEntry(tag) ? textOf(tag.name) : undefined;
    return name?.trim() ? [name.trim()] : [];
  });
}
