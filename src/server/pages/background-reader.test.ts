import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links } from '../db/schema';
import { PACE, startBackgroundReader } from './background-reader';
import { queuePageReads } from './page-reads';

let page: Server;
let pageUrl: string;

beforeAll(async () => {
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<html><head><title>A page</title></head><body><article>${'<p>Words of the article, in sentences long enough for a reader to find them.</p>'.repeat(8)}</article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/article`;
});

afterAll(async () => {
  page.closeAllConnections();
  await new Promise((resolve) => page.close(resolve));
});

const statuses = async (t: TestApp, ids: string[]) =>
  (await t.ctx.database.db.select({ status: links.contentStatus }).from(links).where(inArray(links.id, ids))).map((row) => row.status);

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200 && !(await condition()); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await condition()).toBe(true);
}

/** Links as an import adds them: queued for reading behind the saves. */
async function imported(t: TestApp, as: SignedInUser, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: as.user.id,
    url: `${pageUrl}?imported=${i}`,
    normalizedUrl: `${pageUrl}?imported=${i}`,
  }));
  const ids = (await t.ctx.database.db.insert(links).values(rows).returning({ id: links.id })).map((row) => row.id);
  await queuePageReads(t.ctx, ids);
  return ids;
}

describe('background page reading while the web app is busy', () => {
  let t: TestApp;
  let as: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
    as = await signedInUser(t, 'pro');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a link just saved while imported pages wait, and reads those once requests stop', async () => {
    const importedIds = await imported(t, as, 12);
    let busy = true;
    // No import page at all while busy, so that waiting is all there is to see; a tick of 10 ms.
    const fetcher = startBackgroundReader(t.ctx, { ...PACE, busyTickMs: 10, importsPerBusyTick: 0 }, () => busy);
    try {
      const saved = await t.app.inject({ method: 'POST', url: '/api/links', headers: as.headers, payload: { url: `${pageUrl}?saved` } });
      const savedId: string = saved.json().link.id;
      await until(async () => (await statuses(t, [savedId]))[0] === 'ready');
      expect(await statuses(t, importedIds)).toEqual(importedIds.map(() => 'pending'));

      busy = false;
      await until(async () => (await statuses(t, importedIds)).every((status) => status === 'ready'));
    } finally {
      await fetcher.stop();
    }
  });

  it("reads an import's pages, a few at a time, while requests keep coming", async () => {
    const importedIds = await imported(t, as, 3);
    const fetcher = startBackgroundReader(t.ctx, { ...PACE, busyTickMs: 10 }, () => true);
    try {
      await until(async () => (await statuses(t, importedIds)).every((status) => status === 'ready'));
    } finally {
      await fetcher.stop();
    }
  });

  it('counts every request the app answers as its activity', async () => {
    const record = vi.spyOn(t.ctx.requestActivity, 'record');
    try {
      for (let i = 0; i < 10; i++) await t.app.inject({ url: '/api/health' });
      expect(record).toHaveBeenCalledTimes(10);
    } finally {
      record.mockRestore();
    }
  });
});
