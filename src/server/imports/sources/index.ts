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
import { parsePocketCsv } from './pocket';
import { parseRaindropCsv } from './raindrop';
import { parseReadwiseHighlightsCsv } from './readwise-highlights';

/** Each source's parser: a file's bytes (and its name inside a ZIP) to rows and row errors. */
export const sourceParsers: Record<ImportSource, SourceParser> = {
  pocket: parsePocketCsv,
  netscape: loadedWhenRead(() => import('./netscape').then((module) => module.parseNetscapeHtml)),
  raindrop: parseRaindropCsv,
  instapaper: parseInstapaperCsv,
  stash: loadedWhenRead(() => import('./stash').then((module) => module.parseStashExport)),
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

/**
 * A parser whose module (and package: htmlparser2, zod) the worker thread loads only for an import
 * that reads it: the other imports start sooner and smaller (docs/imports-and-exports.md).
 */
function loadedWhenRead(load: () => Promise<SourceParser>): SourceParser {
  return async function* (input, file) {
    yield* (await load())(input, file);
  };
}

/** A file of any source, read by the parser of the program that wrote it (detect.ts). */
async function* parseDetected(input: Readable, file?: string) {
  const { source, whole } = await detectSource(input);
  yield* sourceParsers[source](whole, file);
}
