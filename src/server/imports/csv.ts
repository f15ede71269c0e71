import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { HttpError } from '../http/http-error';
import { importMessages } from '../../shared/import-texts';
import { rowError, type ParsedItem } from './import-row';

/** One record of a CSV file and the line it starts on (the header is line 1); no cells when it could not be read. */
export interface CsvRecord {
  line: number;
  cells: string[] | undefined;
}

/**
 * The records of a CSV stream, read by csv-parse as the bytes arrive (never the whole file at
 * once): RFC 4180, lenient where exports are sloppy. A quote inside an unquoted field is kept as it
 * is, records may have any number of fields, blank lines are skipped, a BOM is dropped, and lines
 * end with CRLF or LF. A record that cannot be read (a quote never closed) comes without cells.
 * The records come in the batches csv-parse has ready (those of a chunk of the file): one await a
 * batch rather than a record, which cost an import of 100,000 rows a second of CPU.
 */
export async function* readCsv(input: Readable): AsyncGenerator<CsvRecord[]> {
  // Lines are counted here rather than with csv-parse's `info`, which takes 40% longer.
  const parser = parse({
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n'],
    skip_records_with_error: true,
  });
  // pipe() does not pass the source's errors on (a ZIP entry that is not what it claims).
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  // Skips are told as they happen, ahead of the records still buffered: each is placed after the
  // records read before it.
  const unreadable: number[] = [];
  parser.on('skip', (error: { records: number }) => unreadable.push(error.records));
  let records = 0;
  let line = 1;
  const skippedHere = (batch: CsvRecord[]) => {
    while (unreadable.length > 0 && unreadable[0] <= records) {
      unreadable.shift();
      batch.push({ line, cells: undefined });
    }
  };
  for (;;) {
    const ended = await readyToRead(parser);
    const batch: CsvRecord[] = [];
    for (let record: string[] | null = parser.read(); record !== null; record = parser.read()) {
      skippedHere(batch);
      const start = line;
      // A record ends on a line break, plus those inside its quoted cells.
      line += 1 + lineBreaksIn(record);
      records += 1;
      const blank = record.length === 1 && record[0] === '';
      if (!blank) batch.push({ line: start, cells: record });
    }
    if (ended) skippedHere(batch);
    if (batch.length > 0) yield batch;
    if (ended) return;
  }
}

/** Waits until `stream` has records to read or has ended (true), or fails with its error. */
function readyToRead(stream: Readable): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const settle = (error: Error | null | undefined, ended: boolean) => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', onError);
      if (error) reject(error);
      else resolve(ended);
    };
    const onReadable = () => settle(stream.errored, false);
    const onEnd = () => settle(null, true);
    const onError = (error: Error) => settle(error, false);
    if (stream.errored) return settle(stream.errored, false);
    if (stream.readableEnded) return settle(null, true);
    if (stream.readableLength > 0) return settle(null, false);
    stream.on('readable', onReadable).on('end', onEnd).on('error', onError);
  });
}

function lineBreaksIn(cells: string[]): number {
  let count = 0;
  for (const cell of cells) for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) count += 1;
  return count;
}

export interface CsvRow {
  line: number;
  /** The cell under a column of the header (lower-case name), or undefined when there is none. */
  get(column: string): string | undefined;
}

/**
 * A source's CSV export read by its header (lower-case column names), one row at a time: each row
 * made an item by `toItem`, a record that cannot be read a row error. A file without a `url`
 * column is not the source's export (`what` names it): 400.
 */
export async function* readCsvExport(
  input: Readable,
  file: string | undefined,
  what: string,
  toItem: (row: CsvRow) => ParsedItem,
): AsyncGenerator<ParsedItem> {
  let index: Map<string, number> | undefined;
  for await (const records of readCsv(input)) {
    for (const { line, cells } of records) {
      if (!index) {
        index = headerOf(cells, what);
        continue;
      }
      if (!cells) {
        yield rowError(line, importMessages.unreadableRow, file);
        continue;
      }
      yield toItem({
        line,
        get: (column: string) => {
          const i = index?.get(column);
          return i === undefined ? undefined : cells[i];
        },
      });
    }
  }
  if (!index) headerOf(undefined, what);
}

/** A header's columns by their lower-case names; a header without `url` is not the source's export (400). */
function headerOf(cells: string[] | undefined, what: string): Map<string, number> {
  const header = (cells ?? []).map((name) => name.trim().toLowerCase());
  if (!header.includes('url')) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised(what));
  return new Map(header.map((name, i) => [name, i]));
}
