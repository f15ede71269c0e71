import { Transform } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * Why an upload asks V8 to collect: it arrives as socket reads of up to 64 KB, each in memory of its
 * own outside V8's heap, garbage once written to disk. V8 counts such memory towards a collection
 * only past 64 MB of it, and an upload makes almost no garbage on the heap itself, so a 17.7 MB file
 * stayed in memory whole until long after it was saved, beside the import's worker as it started:
 * the server grew by 44 MB during a 100,000-row import, against 29 MB with a minor collection after
 * every 2 MB (each 0.3–2.6 ms; bench/RESULTS.md, docs/imports-and-exports.md). The freed reads are
 * then reused by the next ones.
 *
 * V8's `gc` is only exposed to a context made while `--expose-gc` is set; it is set for that one
 * context and unset again, so that no other context or worker thread gets a `gc` of its own.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options: { type: 'minor' }) => void;
setFlagsFromString('--no-expose-gc');

const COLLECT_EVERY_BYTES = 2 * 1024 * 1024;

/** A pass-through for an upload's bytes that has V8 collect its young garbage after every 2 MB. */
export function collectingAsItPasses(): Transform {
  let sinceCollected = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      sinceCollected += chunk.length;
      if (sinceCollected >= COLLECT_EVERY_BYTES) {
        sinceCollected = 0;
        // Once this chunk has gone on to the file, not while it is still held here.
        setImmediate(() => collect({ type: 'minor' }));
      }
      next(null, chunk);
    },
  });
}
