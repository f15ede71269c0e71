import type { Readable } from 'node:stream';
import type { ImportSource } from '../../../shared/portability';
import type { SourceParser } from '../import-row';
import {
  parseKarakeepJson,
  parseLinkwardenJson,
  parseOmnivoreJson,
  parsePinboardJson,
  parseReadwiseCsv,
  parseWallabagJson,
} from './apps/apps';
import { parseBrowserJson } from './browser-json';
import { detectSource } from './detect';
import { parseInstapaperCsv } from './instapaper';
import { parseNetscapeHtml } from './netscape';
import { parsePocketCsv } from './pocket';
import { parseRaindropCsv } from './raindrop';
import { parseReadwiseHighlightsCsv } from './readwise-highlights';
import { parseStashExport } from './stash';

/** Each source's parser: a file's bytes (and its name inside a ZIP) to rows and row errors. */
export const sourceParsers: Record<ImportSource, SourceParser> = {
  pocket: parsePocketCsv,
  netscape: parseNetscapeHtml,
  raindrop: parseRaindropCsv,
  instapaper: parseInstapaperCsv,
  stash: parseStashExport,
  'browser-json': parseBrowserJson,
  omnivore: parseOmnivoreJson,
  linkwarden: parseLinkwardenJson,
  karakeep: parseKarakeepJson,
  wallabag: parseWallabagJson,
  pinboard: parsePinboardJson,
  readwise: parseReadwiseCsv,
  'readwise-highlights': parseReadwiseHighlightsCsv,
  auto: parseDetected,
};

/** A file of any source, read by the parser of the program that wrote it (detect.ts). */
async function* parseDetected(input: Readable, file?: string) {
  const { source, whole } = await detectSource(input);
  yield* sourceParsers[source](whole, file);
}
