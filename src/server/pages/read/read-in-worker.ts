import type { FetchedPage } from '../fetch/safe-fetch';
import { runInWorker, type WorkerThread } from '../../worker-pool';
import type { PageReading } from './read-page';
import type { ReaderAnswer } from './reader-worker';

/*
 * Pages are read (parsed, Readability, sanitised) in one worker thread (reader-worker.ts), not on
 * the event loop: a long page takes tens of milliseconds of CPU, and while 1,000 imported links were
 * read every other request waited behind them (bench/reading-load.mjs, bench/RESULTS.md). One
 * thread: the reads queue there and the event loop keeps the other core. At the lowest priority
 * (nice 19, on Linux a thread is a task of its own) it gives way to the event loop, PostgreSQL and
 * every other process whenever they want the CPU, and still uses what is idle. Started on the first
 * page and kept; if it dies, the pages it had fail (and are retried) and the next page starts another.
 */
const reader: WorkerThread = {
  script: [import.meta.url, './reader-worker.ts', 'page-reader-worker.js'],
  stopped: 'The page reader stopped',
  idleMs: Number.POSITIVE_INFINITY,
  // A page is at most 5 MB; the reader's heap stays well under the server's.
  resourceLimits: { maxOldGenerationSizeMb: 256 },
  niceIncrement: 19,
};

/** readFetchedPage (read-page.ts), run in the reader thread. */
export async function readPageInWorker(page: FetchedPage): Promise<PageReading> {
  const answer = await runInWorker<FetchedPage, ReaderAnswer>(reader, page);
  if ('failure' in answer) throw new Error(answer.failure);
  return answer.reading;
}
