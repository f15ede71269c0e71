import type { ImportSource } from '../../../shared/portability';
import type { SourceParser } from '../import-row';
import { parseInstapaperCsv } from './instapaper';
import { parseNetscapeHtml } from './netscape';
import { parsePocketCsv } from './pocket';
import { parseRaindropCsv } from './raindrop';
import { parseStashExport } from './stash';

/** Each source's parser: a file's bytes (and its name inside a ZIP) to rows and row errors. */
export const sourceParsers: Record<ImportSource, SourceParser> = {
  pocket: parsePocketCsv,
  netscape: parseNetscapeHtml,
  raindrop: parseRaindropCsv,
  instapaper: parseInstapaperCsv,
  stash: parseStashExport,
};
