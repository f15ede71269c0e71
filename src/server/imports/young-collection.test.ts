import { Readable, type Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect, it } from 'vitest';
import { collectingAsItPasses } from './young-collection';

const CHUNK_BYTES = 64 * 1024;
const MB = 1024 * 1024;

/**
 * 24 MB in fresh 64 KB chunks, as a socket hands an upload over, through `passThrough` to a sink
 * that drops them as a file stream does once written: the most the chunks held outside V8's heap
 * at any moment, beyond what was held before.
 */
async function mostHeldOutsideTheHeap(passThrough: Transform): Promise<number> {
  const before = process.memoryUsage().arrayBuffers;
  let most = 0;
  const sink = new Writable({
    write(_chunk, _encoding, done) {
      most = Math.max(most, process.memoryUsage().arrayBuffers - before);
      // A tick between chunks, as between a socket's reads.
      setImmediate(done);
    },
  });
  const chunks = function* () {
    for (let i = 0; i < (24 * MB) / CHUNK_BYTES; i++) yield Buffer.alloc(CHUNK_BYTES, i);
  };
  await pipeline(Readable.from(chunks()), passThrough, sink);
  return most;
}

it("frees an upload's chunks as it goes, where V8 alone would hold them all", async () => {
  // Through a plain PassThrough the same chunks pile up to 23–24 MB: V8 counts them towards a collection only past 64 MB.
  expect(await mostHeldOutsideTheHeap(collectingAsItPasses())).toBeLessThan(8 * MB);
});

it('passes every byte on unchanged and in order', async () => {
  const parts = [Buffer.from('url,title\n'), Buffer.alloc(3 * MB, 'a'), Buffer.from('\nend')];
  const received: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from(parts), collectingAsItPasses(), sink);
  expect(Buffer.concat(received).equals(Buffer.concat(parts))).toBe(true);
});
