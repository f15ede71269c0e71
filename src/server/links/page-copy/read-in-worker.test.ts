import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { readPageInWorker } from './read-in-worker';

/** Set to make the reader thread stop when it is handed its next page, as a crash or an exhausted heap would. */
const readerDies = vi.hoisted(() => ({ onNextPage: false }));
vi.mock('node:worker_threads', async (original) => {
  const threads = await original<typeof import('node:worker_threads')>();
  class Reader extends threads.Worker {
    override postMessage(message: unknown): void {
      if (!readerDies.onNextPage) return super.postMessage(message);
      readerDies.onNextPage = false;
      void this.terminate();
    }
  }
  return { ...threads, Worker: Reader };
});

/** The nice value of each of this process's threads, by name (Linux: /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name in parentheses: the 19th is nice (state is the 3rd overall).
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('the page reader thread', () => {
  it('reads a page off the event loop, at the lowest CPU priority so that requests come first', async () => {
    const html = '<html lang="en"><head><title>A calm page</title></head><body><article><h1>A calm page</h1>' + '<p>Words to read slowly and well. </p>'.repeat(40) + '</article></body></html>';
    const reading = await readPageInWorker({ url: 'https://example.com/calm', status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(html) });
    expect(reading).toMatchObject({ kind: 'article', title: 'A calm page' });
    if (process.platform === 'linux') expect(threadNiceValues().filter((nice) => nice === 19)).toHaveLength(1);
  });
});

describe('a page reader that stops', () => {
  const calm = { url: 'https://example.com/calm', status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from('<html><head><title>A calm page</title></head><body><article>' + '<p>Words to read slowly and well. </p>'.repeat(40) + '</article></body></html>') };

  it('fails the pages it had, and the next page starts a new reader', async () => {
    await readPageInWorker(calm);
    readerDies.onNextPage = true;
    const dying = readPageInWorker({ ...calm, url: 'https://example.com/fatal' });
    const behind = readPageInWorker(calm);
    await expect(dying).rejects.toThrow(/The page reader stopped/);
    await expect(behind).rejects.toThrow(/The page reader stopped/);
    await expect(readPageInWorker(calm)).resolves.toMatchObject({ kind: 'article', title: 'A calm page' });
  });
});
