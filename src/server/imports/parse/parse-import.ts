import { HttpError } from '../../http/http-error';
import type { ImportSource } from '../../../shared/portability';
import { TagsToCategories } from '../categories';
import { rowError, type ParsedItem } from '../import-row';
import type { ImportBatch } from '../insert';
import { sourceParsers } from '../sources';
import { ImportTally, type ImportCounts } from './tally';
import { openImportFiles, type ImportFile, type ImportInput } from './upload-files';

/** Everything an import's parse needs, sent to the worker thread that runs it. */
export interface ParseJob {
  source: ImportSource;
  input: ImportInput;
  /** The user's custom categories, which tags may name. */
  customNames: string[];
  mayCreateCategories: boolean;
  choosesNewsletter: boolean;
}

/**
 * An import's files parsed by the source's parser into batches of links to insert (tags mapped
 * to categories, a page repeated within a batch dropped), lazily: a file is streamed from disk as the
 * batches reach it. `counts` is complete once the batches are. A file that is not an export of the
 * source fails the import (400) when it is the only one; in a ZIP of several it is one error and
 * the others are still imported.
 */
export function parseImport(
  job: ParseJob,
  spareBytes: ArrayBuffer[],
): { batches: AsyncGenerator<ImportBatch>; counts: () => ImportCounts } {
  const tally = new ImportTally(new TagsToCategories(job.customNames, job.mayCreateCategories), job.choosesNewsletter, spareBytes);
  return { batches: readBatches(job, tally), counts: () => tally.counts() };
}

async function* readBatches(job: ParseJob, tally: ImportTally): AsyncGenerator<ImportBatch> {
  const { files, close } = await openImportFiles(job.input, job.source);
  try {
    // Each file is opened when the tally reaches it.
    const parsed = function* () {
      for (const file of files) yield parseFile(job.source, file, files.length > 1);
    };
    yield* tally.batches(parsed());
  } finally {
    close();
  }
}

/** A file's items: the source parser's own when the file is the only one (no generator between, as it costs a row). */
async function parseFile(source: ImportSource, file: ImportFile, oneOfSeveral: boolean): Promise<AsyncIterable<ParsedItem>> {
  return oneOfSeveral ? parseOneOfSeveral(source, file) : sourceParsers[source](await file.open());
}

async function* parseOneOfSeveral(source: ImportSource, file: ImportFile): AsyncGenerator<ParsedItem> {
  let readAny = false;
  try {
    for await (const item of sourceParsers[source](await file.open(), file.name)) {
      readAny = true;
      yield item;
    }
  } catch (error) {
    // Only a file refused as a whole (its header) is one error among the ZIP's files.
    if (readAny || !(error instanceof HttpError && error.statusCode === 400)) throw error;
    yield rowError(1, error.message, file.name);
  }
}
