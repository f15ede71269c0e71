import { runInWorker, type WorkerThread } from '../worker-pool';
import type { DigestContent } from './compose';
import type { DigestConfig, DigestMessage, DigestRecipient } from './message';

/*
 * Digests are rendered (React), trimmed to the size budget and MIME-encoded on a thread of their
 * own (render-worker.ts), so the event loop that talks SMTP and PostgreSQL only claims, stores and
 * streams bytes (docs/digests-pipeline.md, The render thread): while one batch renders, the connections carry the others.
 * One thread taking one batch at a time, started on the first batch and stopped once idle, so an
 * idle server holds no copy of React and nodemailer for it.
 */

export interface DigestToRender {
  user: DigestRecipient;
  content: DigestContent;
  at: { outboxId: string; date: Date };
}

/**
 * A digest ready to store and send, its parts as UTF-8 and `raw` the message as SMTP carries it
 * (bytes the main thread hands on, never strings it would copy and collect); or why it could not be rendered.
 */
export type RenderedDigest = EncodedDigest | { error: string };
type EncodedDigest = Omit<DigestMessage, 'html' | 'text'> & { html: Uint8Array; text: Uint8Array; raw: Uint8Array };

export interface RenderBatch {
  config: DigestConfig;
  digests: DigestToRender[];
}

const renderer: WorkerThread = {
  script: [import.meta.url, './render-worker.ts', 'digest-render-worker.js'],
  stopped: 'the digest render thread stopped',
  // Long enough to carry a big hour's batches, short enough that an idle server gives the memory back.
  idleMs: 10_000,
  // A batch of 50 digests, its React garbage and encodings, takes a few MB.
  resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
};

/** The digests rendered on the render thread, in the order given. */
export async function renderOnThread(config: DigestConfig, digests: DigestToRender[]): Promise<RenderedDigest[]> {
  if (digests.length === 0) return [];
  return runInWorker<RenderBatch, RenderedDigest[]>(renderer, {
    config: {
      appUrl: config.appUrl,
      mailFrom: config.mailFrom,
      // Only the key that signs; structured cloning turns its Buffers into Uint8Arrays, which sign alike.
      linkKeyring: config.linkKeyring && { signing: config.linkKeyring.signing, verifying: [] },
    },
    digests,
  });
}
