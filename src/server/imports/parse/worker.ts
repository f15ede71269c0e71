import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../http/http-error';
import { parseImport, type ParseJob } from './parse-import';
import type { FromWorker } from './in-worker';

/*
 * The import worker thread's entry: parses one import (parse-import.ts) and hands its batches to
 * the main thread one at a time, each when asked ('next'), so a large file is never ahead of the
 * database by more than a batch. The bytes of a batch once inserted come back, to be written over.
 * Built as dist/server/import-worker.js.
 */
const port = parentPort!;
let parse: ReturnType<typeof parseImport> | undefined;
const spareBytes: ArrayBuffer[] = [];

port.on('message', async (message: 'next' | ArrayBuffer) => {
  if (message instanceof ArrayBuffer) {
    spareBytes.push(message);
    return;
  }
  let answer: FromWorker;
  try {
    parse ??= parseImport(workerData as ParseJob, spareBytes);
    const next = await parse.batches.next();
    answer = next.done ? { type: 'done', counts: parse.counts() } : { type: 'batch', batch: next.value };
  } catch (error) {
    answer =
      error instanceof HttpError
        ? { type: 'refused', statusCode: error.statusCode, code: error.code, message: error.message }
        : { type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  // A batch's bytes are moved to the main thread, not copied.
  port.postMessage(answer, answer.type === 'batch' ? [answer.batch.rows.buffer as ArrayBuffer] : []);
});
