import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPageInWorker } from './read-in-worker';

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
