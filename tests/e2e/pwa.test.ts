import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, chromiumArgs, chromiumPath, e2eEnabled } from '../support/browser';
import { reportCspViolations } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * The installable app: its manifest and service worker as served, Chromium's own installability
 * check, the shell opening offline, and a link shared from another app landing in the add-link card.
 */

// Offline, the app's API calls fail (signed out, none does: the current-user call answers 200 with no user).
const expectedConsoleErrors = [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/];

const reader = { firstName: 'Sam', lastName: 'Sharer', email: 'sam@example.com', password: 'sam-password-1' };

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe.skipIf(!e2eEnabled)('installable app', () => {
  let server: RunningServer;
  /** A real profile: Chromium does not offer to install apps in an incognito-like context. */
  let profileDir: string;
  let context: BrowserContext;
  const pageProblems: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    profileDir = mkdtempSync(path.join(os.tmpdir(), 'stash-pwa-profile-'));
    context = await chromium.launchPersistentContext(profileDir, { executablePath: chromiumPath()!, headless: true, args: chromiumArgs });
    await reportCspViolations(context);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  async function visit(path: string): Promise<Page> {
    const page = await context.newPage();
    const where = () => new URL(page.url()).pathname;
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !expectedConsoleErrors.some((expected) => expected.test(text)))
        pageProblems.push(`${where()}: ${text}`);
    });
    page.on('pageerror', (error) => pageProblems.push(`${where()}: uncaught ${error.message}`));
    page.on('response', (response) => {
      if (response.status() === 404) pageProblems.push(`${where()}: 404 for ${response.url()}`);
    });
    await page.goto(server.url + path);
    return page;
  }

  it('serves a web manifest with the name, icons, colours, standalone display, start URL and share target', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Stash'),
      short_name: 'Stash',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#15803d',
      background_color: '#ffffff',
      share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
    });
    const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const image = await fetch(server.url + icon.src);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer())).join('x')).toBe(icon.sizes);
    }
  });

  it('serves the service worker uncached, allowed to control the whole site', async () => {
    const res = await fetch(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
  });

  it('is installable by Chromium, registers its worker, and opens its shell offline', async () => {
    const page = await visit('/mobile-apps');
    await page.getByRole('heading', { level: 1, name: 'Mobile Apps' }).waitFor();
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBeGreaterThan(0);

    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/support`);
      await page.getByRole('banner').waitFor();
      await page.goto(`${server.url}/mobile-apps`);
      await page.getByRole('heading', { level: 1, name: 'Mobile Apps' }).waitFor();
      // API calls are never answered from the cache.
      await expect(
        page.evaluate(() =>
          fetch('/api/health').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).resolves.toBe('failed');
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  it("plays the landing page's demo video through the service worker, which does not keep it", async () => {
    const page = await visit('/');
    await expect(page.evaluate(() => navigator.serviceWorker.controller !== null)).resolves.toBe(true);
    // The media player asks for byte ranges; a worker answering them from the Cache API would fail.
    const video = page.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
    const cached = await page.evaluate(async () => (await caches.match('/demo.webm')) !== undefined);
    expect(cached).toBe(false);
    await page.close();
  });

  it('walks through the four install steps for Android and iOS, wrapping at both ends', async () => {
    const page = await visit('/mobile-apps');
    const guide = page.getByRole('region', { name: 'Installing Stash on Android' });
    await guide.getByText('Step 1 of 4').waitFor();
    await guide.getByRole('button', { name: 'Previous' }).click();
    await guide.getByText('Step 4 of 4').waitFor();
    await guide.getByText('Share links to Stash').waitFor();
    await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByText('Step 1 of 4').waitFor();

    await page.getByRole('tab', { name: 'iPhone and iPad' }).click();
    const ios = page.getByRole('region', { name: 'Installing Stash on iPhone and iPad' });
    for (let i = 0; i < 3; i++) await ios.getByRole('button', { name: 'Next' }).click();
    await ios.getByText('Save pages with the bookmarklet').waitFor();

    const bookmarklet = page.getByRole('link', { name: 'Save to Stash' });
    await expect(bookmarklet.getAttribute('href')).resolves.toBe(
      `javascript:(()=>{location.href="${server.url}/share?url="+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title)})()`,
    );
    await bookmarklet.click();
    expect(new URL(page.url()).pathname).toBe('/mobile-apps');
    await checkA11y(page);
    await page.close();
  });

  it('opens a shared link in the add-link card, found in the text, and saves it with one tap', async () => {
    const signUp = await context.request.post(`${server.url}/api/auth/create-trial-account`, {
      data: reader,
      headers: { origin: server.url },
    });
    expect(signUp.status()).toBe(201);

    const page = await visit('/share?text=Look%20https%3A%2F%2Fex.example%2Fa');
    const card = page.getByRole('form', { name: 'Add a link' });
    await expect.poll(() => card.getByLabel('URL').inputValue()).toBe('https://ex.example/a');
    await expect(card.getByLabel('Notes').inputValue()).resolves.toBe('Look');
    await checkA11y(page);
    await card.getByRole('button', { name: 'Save Link' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Link saved successfully!', { exact: true })
      .waitFor();

    const today = await (await context.request.get(`${server.url}/api/links/today`)).json();
    expect(today).toEqual([expect.objectContaining({ url: 'https://ex.example/a', notes: 'Look' })]);
    await page.close();
  });

  it('keeps the shared title, says the link is saved, and offers the way back or My Stash', async () => {
    const page = await visit(`/share?url=${encodeURIComponent('https://ex.example/titled')}&title=${encodeURIComponent('A titled page')}`);
    await page.getByText('A titled page').waitFor();
    await page.getByRole('form', { name: 'Add a link' }).getByRole('button', { name: 'Save Link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved to your stash' }).waitFor();
    await expect(page.getByRole('button', { name: 'Go back' }).isVisible()).resolves.toBe(true);
    await checkA11y(page);
    const today = await (await context.request.get(`${server.url}/api/links/today`)).json();
    expect(today).toContainEqual(expect.objectContaining({ url: 'https://ex.example/titled', title: 'A titled page' }));
    await page.getByRole('link', { name: 'Open My Stash' }).click();
    await page.waitForURL((url) => url.pathname === '/history');
    await page.close();
  });

  it('opens offline, for a signed-in user, with the lists last loaded and an offline notice, never the login form', async () => {
    const page = await visit('/dashboard');
    await page.getByRole('region', { name: "Today's links" }).getByText('A titled page').waitFor();
    await page.goto(`${server.url}/history`);
    await page.getByText('A titled page').first().waitFor();
    // The lists are kept a moment after they load.
    const keptLists = () =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('stash.offline-cache') ?? '{"queries":[]}') as { queries: { queryKey: unknown[] }[] }).queries.map(
          (query) => query.queryKey[0],
        ),
      );
    await expect.poll(keptLists).toEqual(expect.arrayContaining(['/api/links/today', '/api/links/history']));

    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/dashboard`);
      await page.getByText('You are offline.', { exact: false }).waitFor();
      await page.getByRole('region', { name: "Today's links" }).getByText('A titled page').waitFor();
      await expect(page.getByLabel('Password').count()).resolves.toBe(0);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await checkA11y(page);
      await page.goto(`${server.url}/history`);
      await page.getByText('A titled page').first().waitFor();
      await expect(page.getByLabel('Password').count()).resolves.toBe(0);
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  // Last, so it covers every page the tests above opened.
  it('logs no CSP violations, uncaught errors or unexpected console errors', () => {
    expect(pageProblems).toEqual([]);
  });
});
