import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../../../tests/support/links';
import { startTestApp } from '../../../../tests/support/test-app';
import { links, pageReads } from '../../db/schema';
import { runPageReads } from '../page-reads';
import { readPageInWorker } from './read-in-worker';

/** Set to make the reader thread stop when it is handed its next page, as a crash or an exhausted heap would. */
const readerDies = vi.hoisted(() => ({ onNextPage: false }));
vi.mock('piscina', async (original) => {
  const piscina = await original<typeof import('piscina')>();
  class Reader extends piscina.Piscina {
    override run(task: unknown) {
      const answer = super.run(task);
      if (readerDies.onNextPage) {
        readerDies.onNextPage = false;
        for (const thread of this.threads) void thread.terminate();
      }
      return answer;
    }
  }
  return { ...piscina, Piscina: Reader };
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
    const html =
      '<html lang="en"><head><title>A calm page</title></head><body><article><h1>A calm page</h1>' +
      '<p>Words to read slowly and well. </p>'.repeat(40) +
      '</article></body></html>';
    const reading = await readPageInWorker({
      url: 'https://example.com/calm',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from(html),
    });
    expect(reading).toMatchObject({ kind: 'article', title: 'A calm page' });
    if (process.platform === 'linux') expect(threadNiceValues().filter((nice) => nice === 19)).toHaveLength(1);
  });
});

describe('a page reader that stops', () => {
  const calm = {
    url: 'https://example.com/calm',
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: Buffer.from(
      '<html><head><title>A calm page</title></head><body><article>' +
        '<p>Words to read slowly and well. </p>'.repeat(40) +
        '</article></body></html>',
    ),
  };

  it('fails the pages it had, and the next page starts a new reader', async () => {
    await readPageInWorker(calm);
    readerDies.onNextPage = true;
    const dying = readPageInWorker({ ...calm, url: 'https://example.com/fatal' });
    const behind = readPageInWorker(calm);
    await expect(dying).rejects.toThrow(/The page reader stopped/);
    await expect(behind).rejects.toThrow(/The page reader stopped/);
    await expect(readPageInWorker(calm)).resolves.toMatchObject({ kind: 'article', title: 'A calm page' });
  });

  it("fails a saved link's page with it, tries it once more a minute later, and reads it then", async () => {
    const page = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(calm.body),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const t = await startTestApp({ env: { READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
    try {
      const as = await signedInUser(t, 'pro');
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: as.headers,
        payload: { url: `http://127.0.0.1:${(page.address() as AddressInfo).port}/calm` },
      });
      const id: string = saved.json().link.id;
      const { db } = t.ctx.database;
      readerDies.onNextPage = true;
      expect(await runPageReads(t.ctx)).toBe(1);
      const [retry] = await db.select().from(pageReads).where(eq(pageReads.linkId, id));
      expect(retry.tries).toBe(1);
      expect(retry.dueAt.getTime() - Date.now()).toBeGreaterThan(50_000);
      expect((await db.select().from(links).where(eq(links.id, id)))[0].contentStatus).toBe('pending');

      await db.update(pageReads).set({ dueAt: new Date() }).where(eq(pageReads.linkId, id));
      expect(await runPageReads(t.ctx)).toBe(1);
      expect((await db.select().from(links).where(eq(links.id, id)))[0]).toMatchObject({ title: 'A calm page', contentStatus: 'ready' });
    } finally {
      await t.close();
      page.closeAllConnections();
      await new Promise((resolve) => page.close(resolve));
    }
  });
});
