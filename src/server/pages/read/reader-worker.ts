import type { FetchedPage } from '../fetch/safe-fetch';
import { type PageReading, readFetchedPage } from './read-page';

/*
 * The page reader's worker thread (read-in-worker.ts): decodes a fetched page and reads its article
 * (linkedom, Readability, the sanitiser). Built as dist/server/page-reader-worker.js.
 */
export type ReaderAnswer = { reading: PageReading } | { failure: string };

export default function readInWorker(page: FetchedPage): ReaderAnswer {
  try {
    // A Buffer arrives as a plain Uint8Array.
    const body = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
    return { reading: readFetchedPage({ ...page, body }) };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}
