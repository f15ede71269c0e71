import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

/*
 * The public pages come as HTML with their content (scripts/prerender.ts, run by the build the test
 * set-up makes), so a browser paints them before any script runs; other pages get the app shell.
 */

let billingOn: TestApp;
let billingOff: TestApp;

beforeAll(async () => {
  [billingOn, billingOff] = await Promise.all([startTestApp({ env: { BILLING: 'local' } }), startTestApp({ env: { BILLING: 'off' } })]);
});

afterAll(async () => {
  await billingOn?.close();
  await billingOff?.close();
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The page's first h1, markup removed. */
const mainHeading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1].replace(/<[^>]+>/g, '');

describe('prerendered public pages', () => {
  it('answer GET / with the landing page already in the HTML and its own small script, not the app', async () => {
    const res = await get(billingOn, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(mainHeading(res.body)).toBe('Turn saved links into your favourite newsletter');
    expect(res.body).toContain('<title>Turn saved links into your favourite newsletter · Stash</title>');
    expect(res.body).toMatch(/<script type="module" crossorigin src="\/assets\/islands-[^"]+\.js"><\/script>/);
    expect(res.body).not.toMatch(/<script[^>]*src="\/assets\/index-/);
    // Named for the islands script, which loads it for someone signed in.
    expect(res.body).toMatch(/<template id="island-parts" data-app="\/assets\/index-[^"]+\.js">/);
  });

  it('answer the pages the app hydrates with its script', async () => {
    const res = await get(billingOn, '/support');
    expect(res.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
    expect(res.body).not.toContain('islands-');
  });

  it('answer /upgrade with the journey its link names (the second offers a trial without payment)', async () => {
    const journeyB = 'Start free trial, no payment needed';
    for (const url of ['/upgrade?journey=b', '/upgrade?utm_source=x&journey=b']) {
      const res = await get(billingOn, url);
      expect(mainHeading(res.body), url).toBe('Upgrade to Stash Pro');
      expect(res.body, url).toContain(journeyB);
    }
    for (const url of ['/upgrade', '/upgrade?journey=a', '/upgrade?journey=B'])
      expect((await get(billingOn, url)).body, url).not.toContain(journeyB);
  });

  it('answer GET /pricing with the prices, or with billing off the page that says so', async () => {
    const on = await get(billingOn, '/pricing');
    expect(mainHeading(on.body)).toBe('Pricing');
    expect(on.body).toContain('4.92 USD a month, billed yearly');
    const off = await get(billingOff, '/pricing');
    expect(mainHeading(off.body)).toBe('Every feature is included');
    expect(off.body).not.toContain('USD a month');
  });

  it('match paths without the query string and case-insensitively, as the client router does', async () => {
    for (const url of ['/Pricing', '/pricing?from=footer']) expect(mainHeading((await get(billingOn, url)).body), url).toBe('Pricing');
  });

  it('name the host the page was asked for, and never put markup from the Host header into the page', async () => {
    const res = await get(billingOn, '/mobile-apps', { host: 'stash.example.org' });
    expect(mainHeading(res.body)).toBe('Mobile Apps');
    expect(res.body).toContain('go to stash.example.org in Chrome');
    expect(res.body).not.toContain('%STASH_SITE_HOST%');
    const hostile = await get(billingOn, '/mobile-apps', { host: '"><img src=x onerror=alert(1)>' });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<img src=x');
    expect(hostile.body).toContain('<div id="root"></div>');
  });

  it('leave every other page to the app shell, whose router decides', async () => {
    for (const url of ['/dashboard', '/no/such/page', '/verify-email']) {
      const res = await get(billingOn, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('send the prerendered HTML compressed to browsers that accept it', async () => {
    const res = await get(billingOn, '/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
  });
});
