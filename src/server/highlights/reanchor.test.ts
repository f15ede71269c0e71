import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { pageCopies } from '../db/schema';
import { runPageReads } from '../pages/page-reads';
import { describeAnchor } from './anchoring';

const sentence = (words: string) => `<p>${words}, in sentences long enough for a reader to find them, with commas, and more words.</p>`;
let body = '';
let page: Server;
let pageUrl: string;

beforeAll(async () => {
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<html><head><title>Foxes</title></head><body><article>${body}</article></body></html>`);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/foxes`;
});

afterAll(async () => {
  page.closeAllConnections();
  await new Promise((resolve) => page.close(resolve));
});

describe('highlights when the page is read again', () => {
  let t: TestApp;
  let as: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
    as = await signedInUser(t, 'pro');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follow their passage when it moved, and are kept as not found in the current copy when it is gone', async () => {
    body = ['Foxes hunt at dusk', 'The red fox is the largest', 'Cubs are born in spring', 'Foxes are mostly solitary']
      .map(sentence)
      .join('');
    const saved = await t.app.inject({ method: 'POST', url: '/api/links', headers: as.headers, payload: { url: pageUrl } });
    const linkId = saved.json().link.id;
    expect(await runPageReads(t.ctx)).toBe(1);
    const [{ text }] = await t.ctx.database.db.select({ text: pageCopies.text }).from(pageCopies).where(eq(pageCopies.linkId, linkId));
    const highlight = async (quote: string) => {
      const start = text!.indexOf(quote);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/links/${linkId}/highlights`,
        headers: as.headers,
        payload: describeAnchor(text!, start, start + quote.length),
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const kept = await highlight('Cubs are born in spring');
    const gone = await highlight('The red fox is the largest');

    // The site rewrites the page: a new paragraph first, one paragraph removed.
    body = ['A new opening paragraph the site added', 'Foxes hunt at dusk', 'Cubs are born in spring', 'Foxes are mostly solitary']
      .map(sentence)
      .join('');
    expect((await t.app.inject({ method: 'POST', url: `/api/links/${linkId}/refresh`, headers: as.headers })).statusCode).toBe(202);
    expect(await runPageReads(t.ctx)).toBe(1);

    const [{ text: newText }] = await t.ctx.database.db
      .select({ text: pageCopies.text })
      .from(pageCopies)
      .where(eq(pageCopies.linkId, linkId));
    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/links/${linkId}/highlights`, headers: { cookie: as.headers.cookie } })
    ).json();
    const byId = Object.fromEntries(listed.map((h: { id: string }) => [h.id, h]));
    expect(byId[kept]).toMatchObject({ anchored: true, exact: 'Cubs are born in spring' });
    expect(newText!.slice(byId[kept].start, byId[kept].end)).toBe('Cubs are born in spring');
    expect(byId[kept].start).toBeGreaterThan(text!.indexOf('Cubs are born in spring'));
    // Not dropped: kept with its words, marked as not found.
    expect(byId[gone]).toMatchObject({ anchored: false, exact: 'The red fox is the largest' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/links/history', headers: { cookie: as.headers.cookie } })).json().links[0]
        .highlightCount,
    ).toBe(2);
  });

  it('keeps a quote given before the page is read, finds it once the copy is ready, and places a quote at once when it is', async () => {
    body = ['Badgers dig setts', 'A sett has many entrances', 'Badgers eat earthworms'].map(sentence).join('');
    const saved = await t.app.inject({ method: 'POST', url: '/api/links', headers: as.headers, payload: { url: `${pageUrl}?badgers` } });
    const linkId = saved.json().link.id;
    const quote = (exact: string, prefix = '', suffix = '') =>
      t.app.inject({ method: 'POST', url: `/api/links/${linkId}/highlights`, headers: as.headers, payload: { exact, prefix, suffix } });

    // No copy yet: kept as the quote.
    const early = await quote('A sett has many entrances', 'and more words. ', ', in sentences');
    expect(early.statusCode).toBe(201);
    expect(early.json()).toMatchObject({ exact: 'A sett has many entrances', anchored: false });

    expect(await runPageReads(t.ctx)).toBe(1);
    const [{ text }] = await t.ctx.database.db.select({ text: pageCopies.text }).from(pageCopies).where(eq(pageCopies.linkId, linkId));
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/links/${linkId}/highlights`, headers: { cookie: as.headers.cookie } })).json();
    const [found] = await list();
    expect(found).toMatchObject({ id: early.json().id, anchored: true });
    expect(text!.slice(found.start, found.end)).toBe('A sett has many entrances');

    // With the copy there, a quote is placed in it as it is saved; one that is not in it is kept, marked.
    const late = await quote('Badgers eat earthworms');
    expect(late.json()).toMatchObject({ anchored: true, start: text!.indexOf('Badgers eat earthworms') });
    const elsewhere = await quote('A sentence from the site menu, not the article');
    expect(elsewhere.json()).toMatchObject({ anchored: false });
    expect((await list()).length).toBe(3);
  });
});
