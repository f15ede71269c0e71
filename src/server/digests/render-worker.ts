import { parentPort } from 'node:worker_threads';
import { renderEncodedDigest } from './message';
import type { RenderAnswer, RenderBatch, RenderedDigest } from './render-thread';

/*
 * The digest render thread's entry (render-thread.ts starts it): each batch's digests rendered,
 * trimmed to the size budget and encoded as SMTP will carry them, answered in one message. Built
 * as dist/server/digest-render-worker.js.
 */
const port = parentPort!;

port.on('message', async ({ id, config, digests }: RenderBatch) => {
  const rendered: RenderedDigest[] = [];
  for (const { user, content, at } of digests) {
    try {
      rendered.push(await renderEncodedDigest(config, user, content, at));
    } catch (error) {
      rendered.push({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }
  // Each encoding's memory moves to the main thread rather than being copied, when it is its own.
  const transfer = rendered.flatMap((digest) => ('raw' in digest && digest.raw.byteLength === digest.raw.buffer.byteLength ? [digest.raw.buffer as ArrayBuffer] : []));
  port.postMessage({ id, rendered } satisfies RenderAnswer, transfer);
});
