import { move, transferableSymbol, valueSymbol } from 'piscina';
import { renderEncodedDigest } from './message';
import type { RenderBatch, RenderedDigest } from './render-thread';

/*
 * The digest render thread's entry (render-thread.ts runs it): a batch's digests rendered, trimmed
 * to the size budget and encoded as SMTP will carry them, answered together. Built as
 * dist/server/digest-render-worker.js.
 */
export default async function renderBatch({ config, digests }: RenderBatch) {
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
  return move({ [transferableSymbol]: transfer, [valueSymbol]: rendered });
}
