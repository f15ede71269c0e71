import { Worker } from 'node:worker_threads';
import type { FetchedPage } from '../fetch/safe-fetch';
import { workerScriptUrl } from '../../worker-script';
import type { PageReading } from './read-page';

/*
 * Pages are read (parsed, Readability, sanitised) in one worker thread, not on the event loop: a
 * long page takes tens of milliseconds of CPU, and while 1,000 imported links were read every other
 * request waited behind them (bench/reading-load.mjs, bench/RESULTS.md). One thread: the reads queue
 * there and the event loop keeps the other core. Started on the first page, it keeps no process
 * alive (unref); if it dies, the pages it had fail (and are retried) and the next page starts another.
 */

export interface ToReader {
  id: number;
  page: FetchedPage;
}
export type FromReader = { id: number; reading: PageReading } | { id: number; failure: string };

/** A page is at most 5 MB; the reader's heap stays well under the server's. */
const READER_HEAP_MB = 256;

let reader:
  | { worker: Promise<Worker>; waiting: Map<number, { resolve: (reading: PageReading) => void; reject: (error: Error) => void }> }
  | undefined;
let nextId = 0;

function startReader() {
  const waiting = new Map<number, { resolve: (reading: PageReading) => void; reject: (error: Error) => void }>();
  const worker = workerScriptUrl(import.meta.url, './reader-worker.ts', 'page-reader-worker.js').then((url) => {
    const started = new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB } });
    started.unref();
    started.on('message', (answer: FromReader) => {
      const waiter = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('reading' in answer) waiter?.resolve(answer.reading);
      else waiter?.reject(new Error(answer.failure));
    });
    const fail = (error: Error) => {
      if (reader?.waiting === waiting) reader = undefined;
      for (const waiter of waiting.values()) waiter.reject(error);
      waiting.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`The page reader stopped (${code}).`)));
    return started;
  });
  return { worker, waiting };
}

/** readFetchedPage (read-page.ts), run in the reader thread. */
export async function readPageInWorker(page: FetchedPage): Promise<PageReading> {
  reader ??= startReader();
  const { worker, waiting } = reader;
  const id = nextId++;
  const reading = new Promise<PageReading>((resolve, reject) => waiting.set(id, { resolve, reject }));
  (await worker).postMessage({ id, page } satisfies ToReader);
  return reading;
}
