import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { FetchedPage } from '../fetch/safe-fetch';
import { readFetchedPage } from './read-page';
import type { FromReader, ToReader } from './read-in-worker';

/*
 * The page reader's worker thread (read-in-worker.ts): decodes a fetched page and reads its article
 * (linkedom, Readability, the sanitiser), one page at a time. Built as dist/server/page-reader-worker.js.
 */
const port = parentPort!;

lowerThisThreadsPriority();

port.on('message', ({ id, page }: ToReader) => {
  let answer: FromReader;
  try {
    // A Buffer arrives as a plain Uint8Array.
    const body = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
    answer = { id, reading: readFetchedPage({ ...page, body } as FetchedPage) };
  } catch (error) {
    answer = { id, failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});

/**
 * On Linux a thread is a task of its own: at the lowest priority (nice 19) the reader gives way to
 * the event loop, PostgreSQL and every other process whenever they want the CPU, and still uses
 * what is idle.
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, 19);
  } catch {
    // Not Linux, or not allowed: the background reader's pace while requests come in (background-reader.ts) still bounds what reading takes.
  }
}
