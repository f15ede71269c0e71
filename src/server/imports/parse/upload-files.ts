import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { HttpError } from '../../http/http-error';
import { acceptsFile, importMessages, type ImportSource } from '../../../shared/import-texts';
import { textStream } from '../text-stream';

/**
 * What an import reads: the API's `csvData` text, a JSON body too large to parse on the event loop
 * saved to disk (upload.ts), or an uploaded file saved to disk.
 */
export type ImportInput = { text: string } | { jsonPath: string } | { path: string; name: string };

/** A file of an import, opened as a stream of bytes only when its turn comes. */
export interface ImportFile {
  name: string;
  open(): Promise<Readable>;
}

/** An import's files, and what to call once they are read (a ZIP's file handle). */
export interface ImportFiles {
  files: ImportFile[];
  close(): void;
}

/** What the files read out of one ZIP may inflate to together: a Pocket part of 10,000 rows is a few MB. */
const MAX_INFLATED_BYTES = 100 * 1024 * 1024;

const ZIP_SIGNATURE = 0x04034b50;

/**
 * The files of an import: the text itself, the uploaded file, or, for a ZIP (Pocket's), the files
 * inside that the source reads, in name order, read with yauzl from the ZIP's directory. Entries'
 * declared sizes are checked against MAX_INFLATED_BYTES before any is inflated; an entry that
 * inflates to more than it declared fails as a ZIP that cannot be read. Nothing is read whole:
 * each file is streamed to its parser.
 */
export async function openImportFiles(input: ImportInput, source: ImportSource): Promise<ImportFiles> {
  const none = () => {};
  if ('text' in input) return { files: [{ name: '', open: async () => textStream(input.text) }], close: none };
  if ('jsonPath' in input) {
    const text = await csvDataOf(input.jsonPath);
    return { files: [{ name: '', open: async () => textStream(text) }], close: none };
  }
  if (!isZip(input.path)) return { files: [{ name: input.name, open: async () => createReadStream(input.path) }], close: none };

  // Loaded for a ZIP only, as the JSON body's schema below: the worker of a plain file starts without them.
  const { default: yauzl } = await import('yauzl');
  const zip = await yauzl.openPromise(input.path, { lazyEntries: true, autoClose: false }).catch(() => {
    throw notAZip();
  });
  try {
    const wanted: Entry[] = [];
    for await (const entry of zip.eachEntry()) if (readableInZip(source, entry.fileName)) wanted.push(entry);
    if (wanted.length === 0) throw new HttpError(400, 'INVALID_FILE', importMessages.noCsvInZip);
    if (wanted.reduce((sum, entry) => sum + entry.uncompressedSize, 0) > MAX_INFLATED_BYTES)
      throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.zipTooLarge);
    wanted.sort((a, b) => a.fileName.localeCompare(b.fileName));
    return { files: wanted.map((entry) => ({ name: entry.fileName, open: () => openEntry(zip, entry) })), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error instanceof HttpError ? error : notAZip();
  }
}

/** An entry's inflated bytes; a broken or lying entry fails its reader with the ZIP's 400. */
async function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  const inflated = await zip.openReadStreamPromise(entry).catch(() => {
    throw notAZip();
  });
  const checked = new PassThrough();
  inflated.on('error', () => checked.destroy(notAZip()));
  return inflated.pipe(checked);
}

const notAZip = () => new HttpError(400, 'INVALID_FILE', importMessages.notAZip);

function isZip(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, 4, 0) === 4 && head.readUInt32LE(0) === ZIP_SIGNATURE;
  } finally {
    closeSync(fd);
  }
}

/**
 * The files inside a ZIP that are read: those the source's own files are (Pocket's CSVs, not the
 * JSON of its annotations folder; Omnivore's metadata files), never macOS's resource forks,
 * folders or ZIPs inside. A ZIP whose format is to be recognised is Pocket's or Omnivore's.
 */
function readableInZip(source: ImportSource, name: string): boolean {
  if (name.endsWith('/') || name.startsWith('__MACOSX/') || name.toLowerCase().endsWith('.zip')) return false;
  // Omnivore's ZIP holds its links in metadata_….json, beside the pages and highlights.
  if (source === 'omnivore' || source === 'auto')
    return /(^|\/)metadata_[^/]*\.json$/i.test(name) || (source === 'auto' && acceptsFile('pocket', name));
  return acceptsFile(source, name);
}

/** The `csvData` of a JSON body saved to a file, checked as the route checks a small one. */
async function csvDataOf(file: string): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new HttpError(400, 'INVALID_JSON', importMessages.notJson);
  }
  const { importBody } = await import('../../../shared/portability');
  const parsed = importBody.safeParse(body);
  if (!parsed.success)
    throw new HttpError(400, 'VALIDATION', parsed.error.issues[0].code === 'too_small' ? importMessages.emptyFile : importMessages.notJson);
  return parsed.data.csvData;
}
