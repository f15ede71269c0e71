import { HttpError } from '../../http/http-error';
import type { ImportSource } from '../../../shared/portability';
import { TagsToCategories } from '../categories';
import { rowError, type ParsedItem } from '../import-row';
import type { ImportBatch } from '../insert';
import { sourceParsers } from '../sources';
import { ImportTally, type ImportCounts } from './tally';
import { importFiles, type ImportFile, type ImportInput } from './upload-files';

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
 * to categories, pages earlier in the file dropped), lazily: a file is read when the batches reach
 * it. `counts` is complete once the batches are. A file that is not an export of the source fails
 * the import (400) when it is the only one; in a ZIP of several it is one error and the others are
 * still imported.
 */
export function parseImport(job: ParseJob): { batches: Generator<ImportBatch>; counts: () => ImportCounts } {
  const files = importFiles(job.input, job.source);
  const tally = new ImportTally(new TagsToCategories(job.customNames, job.mayCreateCategories), job.choosesNewsletter);
  const parsed = files.map((file) => parseFile(job.source, file, files.length > 1));
  return { batches: tally.batches(parsed), counts: () => tally.counts() };
}

function* parseFile(source: ImportSource, file: ImportFile, oneOfSeveral: boolean): Generator<ParsedItem> {
  if (!oneOfSeveral) {
    yield* sourceParsers[source](file.text());
    return;
  }
  let items: Iterable<ParsedItem>;
  try {
    items = sourceParsers[source](file.text(), file.name);
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 400)) throw error;
    yield rowError(1, error.message, file.name);
    return;
  }
  yield* items;
}
