import { parentPort } from 'node:worker_threads';
import type { FetchedPage } from '../title-fetch/safe-fetch';
import { readFetchedPage } from './read-page';
import type { FromReader, ToReader } from './read-in-worker';

/*
 * The page reader's worker thread (read-in-worker.ts): decodes a fetched page and reads its article
 * (linkedom, Readability, the sanitiser), one page at a time. Built as dist/server/page-reader-worker.js.
 */
const port = parentPort!;

const pause = new Int32Array(new SharedArrayBuffer(4));

port.on('message', ({ id, page, background }: ToReader) => {
  let answer: FromReader;
  const started = performance.now();
  try {
    // A Buffer arrives as a plain Uint8Array.
    const body = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
    answer = { id, reading: readFetchedPage({ ...page, body } as FetchedPage) };
  } catch (error) {
    answer = { id, failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
  // A background page (an import's) leaves the CPU idle as long as it used it: the reader takes at
  // most half a core from the requests being answered meanwhile.
  if (background) Atomics.wait(pause, 0, 0, performance.now() - started);
});
