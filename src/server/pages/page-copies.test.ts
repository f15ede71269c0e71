import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links, pageReads } from '../db/schema';
import { runPageReads } from './page-reads';
import { findLinkPageSummaries } from './page-copies';

/** A site with one article whose image is served too (a 1×1 PNG). */
let site: Server;
let origin: string;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const ARTICLE = `<html lang="en"><head><title>Slow bread</title><meta property="og:site_name" content="Bakery Notes"></head><body><nav>Menu</nav><article>
  <h1>Slow bread</h1>${'<p>Flour, water and salt, left overnight: the dough rises slowly and the crumb tastes of wheat.</p>'.repeat(6)}
  <p>Tom &amp; Jerry's "bakery" &lt;3 &lt;script&gt;alert(1)&lt;/script&gt;: the word sourdoughonlyinthebody appears only here.</p><img src="/crumb.png" alt="crumb"></article></body></html>`;

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/crumb.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

describe('a link’s readable copy, refresh and edit (owner only)', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let id: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
    owner = await signedInUser(t, 'pro');
    other = await signedInUser(t, 'pro');
    const saved = await t.app.inject({ method: 'POST', url: '/api/links', headers: owner.headers, payload: { url: `${origin}/bread` } });
    id = saved.json().link.id;
    expect(saved.json().link).toMatchObject({ contentStatus: 'pending', siteName: null, excerpt: null, readingMinutes: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 with a message while there is no copy, then the copy once the page is read', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/links/${id}/content`, headers: owner.headers });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ code: 'NO_READABLE_COPY', message: 'There is no readable copy of this page.' });
    await runPageReads(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: `/api/links/${id}/content`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const content = res.json();
    expect(content).toMatchObject({
      url: `${origin}/bread`,
      title: 'Slow bread',
      notes: null,
      categories: ['Uncategorized'],
      siteName: 'Bakery Notes',
      lang: 'en',
      readingMinutes: 1,
      byline: null,
    });
    expect(content.text).toContain('sourdoughonlyinthebody');
    expect(content.html).not.toContain('Menu');
    // The image is not https, so it is left out; Stash never sends the reader to the site.
    expect(content.html).not.toContain(origin);
    const list = await t.app.inject({ method: 'GET', url: '/api/links/history', headers: owner.headers });
    expect(list.json().links[0]).toMatchObject({
      id,
      contentStatus: 'ready',
      siteName: 'Bakery Notes',
      readingMinutes: 1,
      excerpt: expect.stringMatching(/^Flour, water and salt/),
    });
    // The installed app asks for the links with a readable copy only, to keep them for offline reading.
    await createLinks(t.ctx, owner.user, [{ contentStatus: 'failed' }, { contentStatus: 'none' }]);
    const readable = await t.app.inject({ method: 'GET', url: '/api/links/history?limit=50&readable=true', headers: owner.headers });
    expect(readable.json().links.map((link: { id: string }) => link.id)).toEqual([id]);
    expect((await findLinkPageSummaries(t.ctx.database.db, owner.user.id, [id, 'nonsense'])).get(id)).toMatchObject({
      siteName: 'Bakery Notes',
      readingMinutes: 1,
    });
    expect((await findLinkPageSummaries(t.ctx.database.db, other.user.id, [id])).size).toBe(0);
  });

  it("finds a word that is only in the article's text, and shows it in context: escaped text, the words in <mark>", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/links/history?q=sourdoughonlyinthebo', headers: owner.headers });
    expect(res.json().links.map((link: { id: string }) => link.id)).toEqual([id]);
    const { match } = res.json().links[0];
    expect(match).toContain('Tom &amp; Jerry&#39;s &quot;bakery&quot; &lt;3');
    expect(match).toContain('the word <mark>sourdoughonlyinthebody</mark> appears only here');
    expect(match.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>]/);
    // Words found in the title only: no page words to show.
    const byTitle = await t.app.inject({ method: 'GET', url: '/api/links/history?q=slow%20bread', headers: owner.headers });
    expect(byTitle.json().links[0]).toMatchObject({ id, match: null });
    // Lists that are not a search carry no match at all.
    expect((await t.app.inject({ method: 'GET', url: '/api/links/history', headers: owner.headers })).json().links[0]).not.toHaveProperty(
      'match',
    );
    const others = await t.app.inject({ method: 'GET', url: '/api/links/history?q=sourdoughonlyinthebody', headers: other.headers });
    expect(others.json().links).toEqual([]);
  });

  it('shows words found in the notes in context, though the article does not have them', async () => {
    const edit = (notes: string | null) =>
      t.app.inject({ method: 'PATCH', url: `/api/links/${id}`, headers: owner.headers, payload: { notes } });
    expect((await edit('Ask the baker about levain')).statusCode).toBe(200);
    const byNotes = await t.app.inject({ method: 'GET', url: '/api/links/history?q=levain', headers: owner.headers });
    expect(byNotes.json().links[0].match).toContain('baker about <mark>levain</mark>');
    // A title word with notes present: the snippet is cut from the notes and the text, which lack it.
    const byTitle = await t.app.inject({ method: 'GET', url: '/api/links/history?q=slow%20bread', headers: owner.headers });
    expect(byTitle.json().links[0]).toMatchObject({ id, match: null });
    expect((await edit(null)).statusCode).toBe(200);
  });

  it("refreshes with 202 and queues the page again; another user's link, or no link, is 404", async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/links/${id}/refresh`, headers: owner.headers });
    expect(res.statusCode).toBe(202);
    expect((await t.ctx.database.db.select().from(pageReads).where(eq(pageReads.linkId, id))).length).toBe(1);
    expect((await t.ctx.database.db.select().from(links).where(eq(links.id, id)))[0].contentStatus).toBe('pending');
    for (const url of [`/api/links/${id}/refresh`, '/api/links/not-an-id/refresh']) {
      expect((await t.app.inject({ method: 'POST', url, headers: other.headers })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/links/${id}/content`, headers: other.headers })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/links/${id}/image?src=${encodeURIComponent('https://x.example/a.png')}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
    await runPageReads(t.ctx);
  });

  it("edits title, notes and categories with the save form's rules; an empty title is the page's again", async () => {
    const edit = (payload: object, as = owner) => t.app.inject({ method: 'PATCH', url: `/api/links/${id}`, headers: as.headers, payload });
    const res = await edit({ title: '  My bread  ', notes: 'Try on Sunday', categories: ['Personal', 'Tutorial'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'My bread',
      notes: 'Try on Sunday',
      category: 'Personal',
      categories: ['Personal', 'Tutorial'],
    });
    // The reader view shows the user's own title, notes and categories.
    const content = await t.app.inject({ method: 'GET', url: `/api/links/${id}/content`, headers: owner.headers });
    expect(content.json()).toMatchObject({ title: 'My bread', notes: 'Try on Sunday', categories: ['Personal', 'Tutorial'] });
    const tooMany = await edit({ categories: ['Work', 'News', 'Blog', 'Video'] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('You can select up to 3 categories');
    expect((await edit({ title: 'x'.repeat(501) })).json().message).toBe('Titles must be at most 500 characters');
    expect((await edit({ title: 'Theirs' }, other)).statusCode).toBe(404);
    expect((await edit({ title: '', notes: '' })).json()).toMatchObject({
      title: 'Slow bread',
      notes: null,
      categories: ['Personal', 'Tutorial'],
    });
    expect((await edit({ categories: [] })).json()).toMatchObject({ category: 'Uncategorized', categories: ['Uncategorized'] });
  });
});

describe('with READ_PAGES=off', () => {
  it('reads no page and refuses a refresh', async () => {
    const t = await startTestApp({ env: { READ_PAGES: 'off' } });
    try {
      const as = await signedInUser(t, 'pro');
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: as.headers,
        payload: { url: 'https://example.com/off' },
      });
      expect(saved.json().link.contentStatus).toBe('none');
      const res = await t.app.inject({ method: 'POST', url: `/api/links/${saved.json().link.id}/refresh`, headers: as.headers });
      expect(res.statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});
