import { parentPort } from 'node:worker_threads';
import { renderEncodedDigest } from './message';
import type { RenderAnswer, RenderBatch, RenderedDigest } from './render-thread';

/*
 * The digest render thread's entry (render-thread.ts starts it): each batch's digests rendered,
 * trimmed to the size budget and encoded as SMTP will carry them, answered in one message. Built
 * as dist/server/digest-render-worker.js.
 */
const port = parentPort!;

/**
 * One batch after another, each answered as soon as it is done: rendering awaits, and batches
 * taken up together would interleave and all be answered at the end, the SMTP connections idle
 * meanwhile (docs/digests-pipeline.md, The render thread).
 */
let rendering = Promise.resolve();
port.on('message', (batch: RenderBatch) => {
  rendering = rendering.then(() => renderBatch(batch));
});

async function renderBatch({ id, config, digests }: RenderBatch): Promise<void> {
  const rendered: RenderedDigest[] = [];
  for (const { user, content, at } of digests) {
    try {
      const digest = await renderEncodedDigest(config, user, content, at);
      rendered.push({ ...digest, html: Buffer.from(digest.html), text: Buffer.from(digest.text) });
    } catch (error) {
      rendered.push({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }
  // The bytes move to the main thread rather than being copied, each buffer that is its own.
  const transfer = rendered
    .flatMap((digest) => ('raw' in digest ? [digest.raw, digest.html, digest.text] : []))
    .filter((bytes) => bytes.byteLength === bytes.buffer.byteLength)
    .map((bytes) => bytes.buffer as ArrayBuffer);
  port.postMessage({ id, rendered } satisfies RenderAnswer, transfer);
}
