import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { runPageReads } from '../pages/page-reads';
import { readerLinkUrl } from './reader-links';

const ARTICLE = `<html lang="en"><head><title>Slow bread</title><meta property="og:site_name" content="Bakery Notes"></head><body><article>
  <h1>Slow bread</h1>${'<p>Flour, water and salt, left overnight: the dough rises slowly and the crumb tastes of wheat.</p>'.repeat(6)}
  <img src="https://images.example.invalid/crumb.png" alt="crumb"></article></body></html>`;
const DAY_MS = 86_400_000;

describe('the digest\'s "Read in Stash" without a session', () => {
  let site: Server;
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let id: string;

  beforeAll(async () => {
    site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({ env: { READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' } });
    owner = await signedInUser(t, 'pro');
    other = await signedInUser(t, 'pro');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: owner.headers,
      payload: { url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/bread`, notes: 'Bake on Sunday' },
    });
    id = saved.json().link.id;
    await runPageReads(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  const contentOf = (readerUrl: string) => {
    const url = new URL(readerUrl);
    return t.app.inject({ method: 'GET', url: `/api/reader-links/${url.pathname.split('/')[2]}/content${url.search}` });
  };

  it('links to /read/<id> with a token that opens the readable copy, without the notes, categories or a session', async () => {
    const readerUrl = readerLinkUrl(t.ctx.config, id, owner.user.id);
    expect(readerUrl).toMatch(new RegExp(`^${t.ctx.config.appUrl}/read/${id}\\?token=[A-Za-z0-9_-]+$`));
    const res = await contentOf(readerUrl);
    expect(res.statusCode).toBe(200);
    const content = res.json();
    expect(content).toMatchObject({ title: 'Slow bread', siteName: 'Bakery Notes' });
    expect(content).not.toHaveProperty('notes');
    expect(content).not.toHaveProperty('categories');
    expect(JSON.stringify(content)).not.toContain('Bake on Sunday');
    // Its images come through the token's own route: the browser has no session.
    const token = new URL(readerUrl).searchParams.get('token')!;
    expect(content.html).toContain(
      `/api/reader-links/${id}/image?token=${token}&amp;src=${encodeURIComponent('https://images.example.invalid/crumb.png')}`,
    );
    expect(content.html).not.toContain(`/api/links/${id}/image`);
  });

  it('signs alike on the digest render thread, whose copy of the signing key is a Uint8Array', async () => {
    const keyring = t.ctx.config.linkKeyring!;
    const cloned = { signing: structuredClone(keyring.signing), verifying: [] };
    expect(cloned.signing.id).not.toBeInstanceOf(Buffer);
    const readerUrl = readerLinkUrl({ appUrl: t.ctx.config.appUrl, linkKeyring: cloned }, id, owner.user.id);
    expect((await contentOf(readerUrl)).statusCode).toBe(200);
  });

  it('answers 404 to a changed token, a token for another link or user, and one past its 30 days (to the end of the day it was signed + 30)', async () => {
    const good = readerLinkUrl(t.ctx.config, id, owner.user.id);
    const [otherLink] = await createLinks(t.ctx, owner.user, [{}]);
    const cases = {
      changed: good.replace(/token=(.)/, (_match, first: string) => `token=${first === 'A' ? 'B' : 'A'}`),
      'another link': readerLinkUrl(t.ctx.config, otherLink.id, owner.user.id).replace(otherLink.id, id),
      'another user': readerLinkUrl(t.ctx.config, id, other.user.id),
      expired: readerLinkUrl(t.ctx.config, id, owner.user.id, new Date(Date.now() - 31 * DAY_MS)),
      'not base64url': good.replace(/token=.*/, 'token=%2B%2F%3D'),
    };
    for (const [name, url] of Object.entries(cases)) expect((await contentOf(url)).statusCode, name).toBe(404);
    // Still valid a day before it runs out.
    expect((await contentOf(readerLinkUrl(t.ctx.config, id, owner.user.id, new Date(Date.now() - 29 * DAY_MS)))).statusCode).toBe(200);
  });

  it('fetches only the images of that copy', async () => {
    const token = new URL(readerLinkUrl(t.ctx.config, id, owner.user.id)).searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reader-links/${id}/image?token=${token}&src=${encodeURIComponent('https://elsewhere.example/x.png')}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it("GET /api/links/:id answers the owner's link with its read state, and 404 to anyone else", async () => {
    const mine = await t.app.inject({ method: 'GET', url: `/api/links/${id}`, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id, readAt: null, contentStatus: 'ready' });
    expect((await t.app.inject({ method: 'GET', url: `/api/links/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/links/not-a-uuid', headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/links/${id}` })).statusCode).toBe(401);
  });
});
