import { Worker } from 'node:worker_threads';
import { workerScriptUrl } from '../worker-script';
import type { DigestContent } from './compose';
import type { DigestConfig, DigestMessage, DigestRecipient } from './message';

/*
 * Digests are rendered (React), trimmed to the size budget and MIME-encoded on a thread of their
 * own (render-worker.ts), so the event loop that talks SMTP and PostgreSQL only claims, stores and
 * streams bytes (docs/digests-pipeline.md, The render thread): while one batch renders, the connections carry the others.
 * One thread, started on the first batch and stopped once idle, so an idle server holds no copy of
 * React and nodemailer for it.
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
  id: number;
  config: DigestConfig;
  digests: DigestToRender[];
}

export interface RenderAnswer {
  id: number;
  rendered: RenderedDigest[];
}

/** Long enough to carry a big hour's batches, short enough that an idle server gives the memory back. */
const IDLE_MS = 10_000;
/** A batch of 50 digests, its React garbage and encodings, takes a few MB. */
const WORKER_HEAP_MB = 64;

let thread: RenderThread | undefined;

/** The digests rendered on the render thread, in the order given. */
export function renderOnThread(config: DigestConfig, digests: DigestToRender[]): Promise<RenderedDigest[]> {
  if (digests.length === 0) return Promise.resolve([]);
  thread ??= new RenderThread();
  return thread.render(
    {
      appUrl: config.appUrl,
      mailFrom: config.mailFrom,
      // Only the key that signs; structured cloning turns its Buffers into Uint8Arrays, which sign alike.
      linkKeyring: config.linkKeyring && { signing: config.linkKeyring.signing, verifying: [] },
    },
    digests,
  );
}

class RenderThread {
  private readonly worker: Promise<Worker>;
  private readonly waiting = new Map<number, { resolve: (rendered: RenderedDigest[]) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor() {
    this.worker = workerScriptUrl(import.meta.url, './render-worker.ts', 'digest-render-worker.js').then((url) => {
      const worker = new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 } });
      // Never what keeps the process running: a stopping server has drained its batches already.
      worker.unref();
      worker.on('message', ({ id, rendered }: RenderAnswer) => {
        this.waiting.get(id)?.resolve(rendered);
        this.waiting.delete(id);
        this.stopWhenIdle();
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`the digest render thread exited (${code})`)));
      return worker;
    });
    // A thread that could not start fails the batches that asked; the next batch starts another.
    this.worker.catch((error: Error) => this.fail(error));
  }

  async render(config: DigestConfig, digests: DigestToRender[]): Promise<RenderedDigest[]> {
    clearTimeout(this.idle);
    const id = this.nextId++;
    const answer = new Promise<RenderedDigest[]>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    (await this.worker).postMessage({ id, config, digests } satisfies RenderBatch);
    return answer;
  }

  private stopWhenIdle(): void {
    if (this.waiting.size > 0) return;
    this.idle = setTimeout(() => {
      if (thread === this) thread = undefined;
      void this.worker.then((worker) => worker.terminate());
    }, IDLE_MS).unref();
  }

  /** The thread is gone (crashed, out of memory, or stopped): its batches fail, and the next batch starts a new one. */
  private fail(error: Error): void {
    if (thread === this) thread = undefined;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
