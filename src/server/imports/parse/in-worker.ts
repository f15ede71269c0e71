import { Worker } from 'node:worker_threads';
import { HttpError } from '../../http/http-error';
import { workerScriptUrl } from '../../worker-script';
import { importMessages } from '../../../shared/portability';
import type { ImportBatch } from '../insert';
import type { ParseJob } from './parse-import';
import type { ImportCounts } from './tally';

/*
 * A thread of its own for each import, started and ended here rather than taken from a pool
 * (piscina, as the page reader and the digest renderer are; worker-pool.ts): a pool's task is one
 * call and one answer on whichever thread is free, and an import is one parse whose state (the
 * file's position, the tallies) lives on one thread across all its batches — a 100,000-line CSV
 * is 50 batches of 2,000, each given out only when the database has taken the one before. A pool
 * would only replace `new Worker` and `terminate` (a task holding a MessagePort for this very
 * exchange): more code, not less, and each import's heap limit is simplest on a thread of its own.
 */

/** What the worker answers each 'next' with. */
export type FromWorker =
  | { type: 'batch'; batch: ImportBatch }
  | { type: 'done'; counts: ImportCounts }
  /** The file was refused (an HttpError in the worker): its answer as it is. */
  | { type: 'refused'; statusCode: number; code: string; message: string }
  | { type: 'failed'; message: string };

/**
 * The worker's young generation: its rows die young, each as soon as it is written (insert.ts,
 * encodeLink), and V8's default (three 16 MB semi-spaces) would hold tens of MB of them between
 * collections for no gain in speed. 2 MB took 4–5 MB off the server's growth during a 100,000-row
 * import against 8 MB, in the same time (bench/RESULTS.md).
 */
const YOUNG_GENERATION_MB = 2;

/**
 * An import parsed in a worker thread (docs/product/imports-exports.md): however large or hostile the file, the
 * event loop only receives batches of 2,000 ready links. The worker parses the next batch while
 * the database inserts this one; `counts` is set once the last batch has been given out.
 */
export class WorkerParse {
  counts: ImportCounts | undefined;

  /**
   * `heapMb` (IMPORT_WORKER_MEMORY_MB) bounds the worker's heap: a streamed CSV needs about a batch
   * whatever its size; our JSON export is read whole. A file that needs more is refused (413),
   * not the server's memory.
   */
  constructor(
    private readonly job: ParseJob,
    private readonly heapMb: number,
  ) {}

  async *batches(): AsyncGenerator<ImportBatch> {
    const worker = new Worker(await workerScriptUrl(import.meta.url, './worker.ts', 'import-worker.js'), {
      workerData: this.job,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const inbox = new Inbox(worker);
    let ended = false;
    try {
      worker.postMessage('next');
      for (;;) {
        const message = await inbox.next();
        if (message.type === 'done') {
          this.counts = message.counts;
          return;
        }
        if (message.type === 'refused') throw new HttpError(message.statusCode, message.code, message.message);
        if (message.type === 'failed') throw new Error(`the import worker failed: ${message.message}`);
        worker.postMessage('next');
        const bytes = message.batch.rows.buffer as ArrayBuffer;
        // Inserted, its bytes go back to the worker to be written over: dropped here, they would wait for V8 to collect them.
        const inserted = () => {
          if (!ended) worker.postMessage(bytes, [bytes]);
        };
        yield { ...message.batch, inserted };
      }
    } finally {
      ended = true;
      await worker.terminate();
    }
  }
}

/** The worker's answers in order, kept until asked for; its crash or exit as an error. */
class Inbox {
  private readonly messages: FromWorker[] = [];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(worker: Worker) {
    const woken = () => {
      this.wake?.();
      this.wake = undefined;
    };
    worker.on('message', (message: FromWorker) => {
      this.messages.push(message);
      woken();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(413, 'BODY_TOO_LARGE', importMessages.tooMuchToRead) : error;
      woken();
    });
    worker.on('exit', (code) => {
      this.failure ??= new Error(`the import worker exited (${code})`);
      woken();
    });
  }

  async next(): Promise<FromWorker> {
    for (;;) {
      const message = this.messages.shift();
      if (message) return message;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
