import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser } from '../../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { links } from '../../db/schema';
import { fillInTitle } from './job';

let page: Server;
let pageUrl: string;
let requests = 0;

beforeAll(async () => {
  page = createServer((_request, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<html><head><title>Fallback</title><meta property="og:title" content="A page &amp; its title"><meta name="description" content="What it is about"></head></html>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/article`;
});

afterAll(async () => {
  page.closeAllConnections();
  await new Promise((resolve) => page.close(resolve));
});

async function waitForTitle(t: TestApp, id: string): Promise<typeof links.$inferSelect> {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await t.ctx.database.db.select().from(links).where(eq(links.id, id));
    if (row.title) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no title within 10 s');
}

describe('links.fetch-title, with ALLOW_PRIVATE_FETCH=on (a loopback page)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ workers: true, env: { FETCH_TITLES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fills in the title and description of a link saved without a title', async () => {
    const as = await signedInUser(t, 'pro');
    const res = await t.app.inject({ method: 'POST', url: '/api/links', headers: as.headers, payload: { url: pageUrl } });
    expect(res.json().link.title).toBeNull();
    const row = await waitForTitle(t, res.json().link.id);
    expect(row).toMatchObject({ title: 'A page & its title', description: 'What it is about' });
  });

  it('leaves a title the user gave alone, and fetches nothing for it', async () => {
    const as = await signedInUser(t, 'pro');
    const before = requests;
    const res = await t.app.inject({ method: 'POST', url: '/api/links', headers: as.headers, payload: { url: `${pageUrl}?mine`, title: 'My own title' } });
    await fillInTitle(t.ctx, res.json().link.id);
    expect(requests).toBe(before);
    const [row] = await t.ctx.database.db.select().from(links).where(eq(links.id, res.json().link.id));
    expect(row.title).toBe('My own title');
  });
});

describe('links.fetch-title with the defaults (ALLOW_PRIVATE_FETCH=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { FETCH_TITLES: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses loopback and private pages without connecting', async () => {
    const as = await signedInUser(t, 'pro');
    const before = requests;
    const port = new URL(pageUrl).port;
    const targets = [pageUrl, `http://127.1:${port}/`, `http://2130706433:${port}/`, `http://[::1]:${port}/`, 'http://169.254.169.254/latest/meta-data/', `http://localhost:${port}/`];
    const saved = await createLinks(t.ctx, as.user, targets.map((url) => ({ url })));
    for (const link of saved) await fillInTitle(t.ctx, link.id);
    expect(requests).toBe(before);
    const rows = await t.ctx.database.db.select().from(links).where(eq(links.userId, as.user.id));
    expect(rows.every((row) => row.title === null)).toBe(true);
  });
});
