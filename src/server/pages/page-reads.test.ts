import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links, pageCopies, pageReads } from '../db/schema';
import { runPageReads } from './page-reads';

let page: Server;
let pageUrl: string;
let requests = 0;
/** Answers after this many milliseconds. */
let delay = 0;

beforeAll(async () => {
  page = createServer((_request, response) => {
    requests++;
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<html><head><title>Fallback</title><meta property="og:title" content="A page &amp; its title"><meta name="description" content="What it is about"></head><body><article>${'<p>Words of the article, in sentences long enough for a reader to find them, with commas, and more.</p>'.repeat(8)}</article></body></html>`,
      );
    }, delay);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/article`;
});

afterAll(async () => {
  page.closeAllConnections();
  await new Promise((resolve) => page.close(resolve));
});

async function save(t: TestApp, as: SignedInUser, payload: { url: string; title?: string; allowDuplicate?: boolean }): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/links', headers: as.headers, payload });
  expect(res.statusCode).toBe(201);
  return res.json().link.id;
}

/** A port nobody listens on: connecting fails at once, as with a site that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const linkRow = async (t: TestApp, id: string) => (await t.ctx.database.db.select().from(links).where(eq(links.id, id)))[0];
const queued = async (t: TestApp, id: string) => (await t.ctx.database.db.select().from(pageReads).where(eq(pageReads.linkId, id)))[0];
const copyOf = async (t: TestApp, id: string) => (await t.ctx.database.db.select().from(pageCopies).where(eq(pageCopies.linkId, id)))[0];

describe('page reads, with ALLOW_PRIVATE_FETCH=on (a loopback page)', () => {
  let t: TestApp;
  let as: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
    as = await signedInUser(t, 'pro');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fill in the title, description and card of a link saved without a title, keep the readable copy, then leave the queue', async () => {
    const id = await save(t, as, { url: pageUrl });
    expect(await queued(t, id)).toMatchObject({ tries: 0, priority: 0 });
    expect((await linkRow(t, id)).contentStatus).toBe('pending');
    expect(await runPageReads(t.ctx)).toBe(1);
    expect(await linkRow(t, id)).toMatchObject({
      title: 'A page & its title',
      description: 'What it is about',
      contentStatus: 'ready',
      siteName: '127.0.0.1',
      excerpt: 'What it is about',
      readingMinutes: 1,
    });
    expect(await copyOf(t, id)).toMatchObject({
      kind: 'article',
      failure: null,
      title: 'A page & its title',
      text: expect.stringContaining('Words of the article'),
    });
    expect(await queued(t, id)).toBeUndefined();
    expect(await runPageReads(t.ctx)).toBe(0);
  });

  it('take localhost as a website address here (and the public config says so to the save form)', async () => {
    const port = new URL(pageUrl).port;
    const id = await save(t, as, { url: `localhost:${port}/article?by-name`, title: 'Named' });
    expect((await linkRow(t, id)).url).toBe(`https://localhost:${port}/article?by-name`);
    expect((await t.app.inject({ url: '/api/public/config' })).json()).toMatchObject({ localhostLinks: true });
    expect(await runPageReads(t.ctx)).toBe(1);
  });

  it('read the page of a link saved with a title too, and a title given meanwhile stays', async () => {
    const titled = await save(t, as, { url: `${pageUrl}?mine`, title: 'My own title' });
    const untitled = await save(t, as, { url: `${pageUrl}?later` });
    await t.ctx.database.db.update(links).set({ title: 'Typed meanwhile' }).where(eq(links.id, untitled));
    expect(await runPageReads(t.ctx)).toBe(2);
    expect(await linkRow(t, titled)).toMatchObject({ title: 'My own title', contentStatus: 'ready' });
    expect(await linkRow(t, untitled)).toMatchObject({ title: 'Typed meanwhile', contentStatus: 'ready' });
  });

  it('try a site that cannot be reached once more a minute later, then give up', async () => {
    const id = await save(t, as, { url: `http://127.0.0.1:${await closedPort()}/down` });
    expect(await runPageReads(t.ctx)).toBe(1);
    const retry = await queued(t, id);
    expect(retry.tries).toBe(1);
    expect(retry.dueAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await runPageReads(t.ctx)).toBe(0);

    await t.ctx.database.db.update(pageReads).set({ dueAt: new Date() }).where(eq(pageReads.linkId, id));
    expect(await runPageReads(t.ctx)).toBe(1);
    expect(await queued(t, id)).toBeUndefined();
    expect(await linkRow(t, id)).toMatchObject({ title: null, contentStatus: 'failed' });
    expect((await copyOf(t, id)).failure).toMatch(/^The page could not be fetched \(.*ECONNREFUSED/);
  });

  it('are claimed by one fetcher at a time, the newest first', async () => {
    const older = await save(t, as, { url: `${pageUrl}?older` });
    const newer = await save(t, as, { url: `${pageUrl}?newer` });
    await t.ctx.database.db
      .update(pageReads)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(pageReads.linkId, older));
    delay = 300;
    try {
      const before = requests;
      // Two fetchers at once, one fetch each: the first takes the newer link, the second the other.
      const first = runPageReads(t.ctx, 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([(await queued(t, newer)).tries, (await queued(t, older)).tries]).toEqual([1, 0]);
      expect(await Promise.all([first, runPageReads(t.ctx, 1)])).toEqual([1, 1]);
      expect(requests - before).toBe(2);
    } finally {
      delay = 0;
    }
    expect((await linkRow(t, newer)).title).toBe('A page & its title');
    expect((await linkRow(t, older)).title).toBe('A page & its title');
  });
});

describe('page reads in a running worker', () => {
  it('fill in the title shortly after the save', async () => {
    const t = await startTestApp({ workers: true, env: { READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
    try {
      const id = await save(t, await signedInUser(t, 'pro'), { url: `${pageUrl}?worker` });
      for (let tries = 0; tries < 100 && !(await linkRow(t, id)).title; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await linkRow(t, id)).title).toBe('A page & its title');
      expect(await queued(t, id)).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('page reads with the defaults (ALLOW_PRIVATE_FETCH=off)', () => {
  it('refuse loopback and private pages without connecting', async () => {
    const t = await startTestApp({ env: { READ_PAGES: 'on' } });
    try {
      const as = await signedInUser(t, 'pro');
      const port = new URL(pageUrl).port;
      const targets = [
        pageUrl,
        `http://127.1:${port}/`,
        `http://2130706433:${port}/`,
        `http://[::1]:${port}/`,
        'http://169.254.169.254/latest/meta-data/',
      ];
      const ids = [];
      // 127.1 and 2130706433 are the same page as 127.0.0.1 to the duplicate rules.
      for (const url of targets) ids.push(await save(t, as, { url, allowDuplicate: true }));
      const before = requests;
      expect(await runPageReads(t.ctx, 10)).toBe(targets.length);
      expect(requests).toBe(before);
      for (const id of ids) {
        expect(await linkRow(t, id)).toMatchObject({ title: null, contentStatus: 'failed' });
        expect((await copyOf(t, id)).failure).toMatch(/^Stash does not fetch this address: /);
        expect(await queued(t, id)).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('are not queued with READ_PAGES=off', async () => {
    const t = await startTestApp({ env: { READ_PAGES: 'off' } });
    try {
      const id = await save(t, await signedInUser(t, 'pro'), { url: 'https://example.com/no-title' });
      expect(await queued(t, id)).toBeUndefined();
      expect((await linkRow(t, id)).contentStatus).toBe('none');
    } finally {
      await t.close();
    }
  });
});
