import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { HttpError } from '../http/http-error';
import { importMessages } from '../../shared/portability';
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
 */
export async function* readCsv(input: Readable): AsyncGenerator<CsvRecord> {
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
  const skippedHere = function* (): Generator<CsvRecord> {
    while (unreadable.length > 0 && unreadable[0] <= records) {
      unreadable.shift();
      yield { line, cells: undefined };
    }
  };
  for await (const record of parser as AsyncIterable<string[]>) {
    yield* skippedHere();
    const start = line;
    // A record ends on a line break, plus those inside its quoted cells.
    line += 1 + lineBreaksIn(record);
    records += 1;
    const blank = record.length === 1 && record[0] === '';
    if (!blank) yield { line: start, cells: record };
  }
  yield* skippedHere();
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
  const records = readCsv(input);
  const first = await records.next();
  const header = first.done ? [] : (first.value.cells ?? []).map((name) => name.trim().toLowerCase());
  if (!header.includes('url')) throw new HttpError(400, 'INVALID_FILE', importMessages.unrecognised(what));
  const index = new Map(header.map((name, i) => [name, i]));
  for await (const { line, cells } of records) {
    if (!cells) {
      yield rowError(line, importMessages.unreadableRow, file);
      continue;
    }
    yield toItem({
      line,
      get: (column: string) => {
        const i = index.get(column);
        return i === undefined ? undefined : cells[i];
      },
    });
  }
}
