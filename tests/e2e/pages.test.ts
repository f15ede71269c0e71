import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { signUpForTrial } from '../support/browser-accounts';
import { checkA11yAtRest, newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * Reading saved pages (docs/product/links.md), against the built server reading pages for real: save a local article →
 * its card shows the site name, excerpt and reading time → the reader view → a search for a word
 * only in the article's body, shown in context → editing the title and categories, which the
 * reader view shows too → the installed app opening the readable copy offline.
 */

const PARAGRAPH =
  '<p>Mix the flour, water and salt on Friday evening, cover the bowl and go to bed. The dough will rise slowly in a cool kitchen, and by the morning it will have doubled, smelling faintly of apples and wheat. Fold it twice, then leave it alone again.</p>';
/** About 600 words: a 3-minute read at 230 words a minute. */
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slow bread for busy people</title>
<meta property="og:site_name" content="Quiet Kitchen">
<meta name="description" content="A loaf that waits for you: mix on Friday, bake on Sunday.">
</head><body><nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/shop">Shop</a></nav>
<article><h1>Slow bread for busy people</h1>${PARAGRAPH.repeat(12)}
<p>Old bakers call the dough's first sigh in the oven the crumbquokka moment, and they listen for it.</p>
${PARAGRAPH.repeat(2)}</article><footer>© Quiet Kitchen</footer></body></html>`;

// Offline, the app's other API calls fail, as they should.
const pages = watchPages([/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/]);

describe.skipIf(!e2eEnabled)('pages, not just URLs', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    [server, browser] = await Promise.all([startServer({ READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' }), launchBrowser()]);
    context = await newCspReportingContext(browser);
    context.setDefaultTimeout(10_000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  const visit = (path: string) => pages.open(context, server.url + path);
  const articleHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  it('saves an article, shows it as a card, reads it, finds a word of its body in context, and edits it', async () => {
    await signUpForTrial(context, server.url, 'Rita');
    const page = await visit('/dashboard');
    await page.getByLabel('URL', { exact: true }).fill(`${siteUrl}/slow-bread`);
    await page.getByRole('button', { name: 'Save Link' }).click();
    await toastText(page, 'Link saved successfully!').waitFor();

    // The card fills in once the worker has read the page, without a reload.
    const card = page
      .getByRole('region', { name: "Today's links" })
      .getByRole('listitem')
      .filter({ hasText: 'Slow bread for busy people' });
    await card.getByText('Quiet Kitchen', { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText('A loaf that waits for you: mix on Friday, bake on Sunday.', { exact: true }).waitFor();
    await card.getByText('3 min read', { exact: true }).waitFor();
    await checkA11y(page);

    // The reader view: the article without the site's navigation, and the user's categories.
    await card.getByRole('link', { name: 'Read Slow bread for busy people in Stash' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/read/'));
    const readerPath = new URL(page.url()).pathname;
    await articleHeading(page, 'Slow bread for busy people').waitFor();
    await page.getByText('the crumbquokka moment', { exact: false }).waitFor();
    await expect(page.getByText('About us').count()).resolves.toBe(0);
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem').allTextContents()).resolves.toEqual([
      'Uncategorized',
    ]);
    await checkA11y(page);
    // Esc returns to the list.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // My Stash's search finds a word that is only in the article's body, and shows it in context.
    await page.getByRole('navigation').getByRole('link', { name: 'My Stash' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'My Stash' }).waitFor();
    await page.getByLabel('Search your stash').fill('crumbquok');
    const result = page.getByRole('listitem').filter({ has: page.locator('mark', { hasText: 'crumbquokka' }) });
    await result.waitFor();
    await expect(result.locator('mark').allTextContents()).resolves.toEqual(['crumbquokka']);
    await expect(result.getByText(/in the oven the crumbquokka moment, and they listen for it/).isVisible()).resolves.toBe(true);
    await checkA11y(page);

    // Editing the title and categories (and notes), with the save form's fields.
    await result.getByRole('button', { name: 'Edit Slow bread for busy people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    await dialog.getByLabel('Title', { exact: true }).fill('Weekend loaf');
    await dialog.getByLabel('Notes').fill('Bake on Sunday');
    const presets = dialog.getByRole('group', { name: 'Preset categories' });
    await presets.getByRole('button', { name: 'Personal' }).click();
    await presets.getByRole('button', { name: 'Tutorial' }).click();
    await checkA11yAtRest(page);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toastText(page, 'Link updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const edited = page.getByRole('listitem').filter({ hasText: 'Weekend loaf' });
    for (const text of ['Personal', 'Tutorial', 'Bake on Sunday']) await edited.getByText(text, { exact: true }).waitFor();

    // The reader view, opened again in the same visit, shows the edit.
    await edited.getByRole('link', { name: 'Read Weekend loaf in Stash' }).click();
    await articleHeading(page, 'Weekend loaf').waitFor();
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem').allTextContents()).resolves.toEqual([
      'Personal',
      'Tutorial',
    ]);
    await page.getByText('Bake on Sunday', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(readerPath);
    await page.close();
  }, 90_000);

  it('opens the readable copy offline in the installed app', async () => {
    const page = await visit('/dashboard');
    await page.getByText('Weekend loaf').first().waitFor();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null))
      .toBe(true);
    // Kept a moment after the lists load: the newest readable copies, this one among them.
    const kept = () =>
      page.evaluate(async () => (await (await caches.open('stash-reader')).keys()).map((request) => new URL(request.url).pathname));
    await expect.poll(kept, { timeout: 15_000 }).toEqual([expect.stringMatching(/^\/api\/links\/[0-9a-f-]{36}\/content$/)]);
    const [contentPath] = await kept();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('stash.offline-cache') !== null)).toBe(true);

    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/read/${contentPath.split('/')[3]}`);
      await articleHeading(page, 'Weekend loaf').waitFor();
      await page.getByText('the crumbquokka moment', { exact: false }).waitFor();
      await page.getByText('Bake on Sunday', { exact: true }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  }, 60_000);

  // Last, so it covers every page the tests above opened.
  it('logs no CSP violations, uncaught errors or unexpected console errors', () => {
    expect(pages.problems).toEqual([]);
  });
});
