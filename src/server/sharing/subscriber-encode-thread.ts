import { runInWorker, type WorkerThread } from '../worker-pool';

/*
 * The subscribers' weekly e-mail is rendered once (subscriber-digests.ts); each subscriber's copy,
 * its unsubscribe token put in and MIME-encoded as SMTP carries it, is made on a thread of its own
 * (subscriber-encode-worker.ts), a batch at a time, so the event loop that talks SMTP and PostgreSQL
 * only stores and streams bytes, as for personal digests (docs/digests-pipeline.md, The render
 * thread). Encoding on the event loop was most of its time (docs/sharing.md).
 */

/** The digest as rendered once, with `standIn` where each copy's unsubscribe token goes. */
export interface SubscriberDigestSample {
  from: string;
  subject: string;
  html: string;
  text: string;
  standIn: string;
}

/** One subscriber's copy: whom it goes to, its token, and its headers (the token in List-Unsubscribe already). */
export interface SubscriberCopy {
  messageId: string;
  to: string;
  token: string;
  headers: Record<string, string>;
}

/** A copy's parts as UTF-8 (for the outbox) and `raw`, the whole message as SMTP carries it. */
export interface EncodedCopy {
  html: Uint8Array;
  text: Uint8Array;
  raw: Uint8Array;
}

export interface EncodeBatch {
  sample: SubscriberDigestSample;
  copies: SubscriberCopy[];
}

const encoder: WorkerThread = {
  script: [import.meta.url, './subscriber-encode-worker.ts', 'subscriber-encode-worker.js'],
  stopped: "the subscribers' digest encoding thread stopped",
  // Long enough to carry a send's batches, short enough that an idle server gives the memory back.
  idleMs: 10_000,
  // A batch of 200 copies of a digest under the size budget, as strings and bytes, takes tens of MB.
  resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
};

/** The copies encoded on the thread, in the order given. */
export async function encodeOnThread(sample: SubscriberDigestSample, copies: SubscriberCopy[]): Promise<EncodedCopy[]> {
  if (copies.length === 0) return [];
  return runInWorker<EncodeBatch, EncodedCopy[]>(encoder, { sample, copies });
}
