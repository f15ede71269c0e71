import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { HttpError } from '../../http/http-error';
import { acceptsFile, importMessages, type ImportSource } from '../../../shared/portability';

/** What an import reads: SPEC.md's `csvData` text, or an uploaded file saved to disk. */
export type ImportInput = { text: string } | { path: string; name: string };

/** A file of an import, its text read only when its turn comes (one ZIP entry in memory at a time). */
export interface ImportFile {
  name: string;
  text(): string;
}

/** What the files read out of one ZIP may inflate to together: a Pocket part of 10,000 rows is a few MB. */
export const MAX_INFLATED_BYTES = 100 * 1024 * 1024;

const ZIP_SIGNATURE = 0x04034b50;

/**
 * The files of an import: the text itself, the uploaded file, or, for a ZIP (Pocket's), the files
 * inside that the source reads, in name order (read with fflate). Entries' declared sizes are
 * checked against MAX_INFLATED_BYTES before any is inflated, and fflate inflates each into a buffer
 * of its declared size, so a ZIP that lies about its sizes cannot use more either.
 */
export function importFiles(input: ImportInput, source: ImportSource): ImportFile[] {
  if ('text' in input) return [{ name: '', text: () => input.text }];
  // Only the text is held while a file is parsed, never its bytes as well.
  if (!isZip(input.path)) return [{ name: input.name, text: () => readFileSync(input.path, 'utf8') }];
  const data = readFileSync(input.path);

  const wanted: { name: string; size: number }[] = [];
  unzip(data, (entry) => {
    if (readableInZip(source, entry.name)) wanted.push({ name: entry.name, size: entry.originalSize });
    return false;
  });
  if (wanted.length === 0) throw new HttpError(400, 'INVALID_FILE', importMessages.noCsvInZip);
  if (wanted.reduce((sum, entry) => sum + entry.size, 0) > MAX_INFLATED_BYTES) throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.zipTooLarge);
  wanted.sort((a, b) => a.name.localeCompare(b.name));
  return wanted.map(({ name }) => ({
    name,
    text: () => {
      const content = unzip(data, (entry) => entry.name === name)[name];
      return Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
    },
  }));
}

function isZip(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, 4, 0) === 4 && head.readUInt32LE(0) === ZIP_SIGNATURE;
  } finally {
    closeSync(fd);
  }
}

function unzip(data: Uint8Array, filter: (entry: { name: string; originalSize: number }) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(data, { filter });
  } catch {
    throw new HttpError(400, 'INVALID_FILE', importMessages.notAZip);
  }
}

/**
 * The files inside a ZIP that are read: those the source's own files are (Pocket's CSVs, not the
 * JSON of its annotations folder), never macOS's resource forks, folders or ZIPs inside.
 */
function readableInZip(source: ImportSource, name: string): boolean {
  return !name.endsWith('/') && !name.startsWith('__MACOSX/') && !name.toLowerCase().endsWith('.zip') && acceptsFile(source, name);
}
