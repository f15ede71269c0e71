import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnabled, launchBrowser } from '../support/browser';
import { reportCspViolations } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * The public pages come as HTML with their content (scripts/prerender.ts): they paint without the
 * app's script, and with it the app takes over the same page (hydration) without a mismatch.
 */

// Signed out, no call fails: the current-user call answers 200 with no user, so nothing is logged as an error.
const expectedConsoleErrors: RegExp[] = [];
const LANDING_HEADING = 'Turn saved links into your favourite newsletter';

describe.skipIf(!e2eEnabled)('prerendered public pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let withoutScripts: BrowserContext;
  let withScripts: BrowserContext;
  /** Every CSP violation, uncaught error (a hydration mismatch is one) or unexpected console error. */
  const pageProblems: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ BILLING: 'local' }), launchBrowser()]);
    withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    withScripts = await browser.newContext();
    await reportCspViolations(withScripts);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visit(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && !expectedConsoleErrors.some((expected) => expected.test(message.text())))
        pageProblems.push(`${path}: ${message.text()}`);
    });
    page.on('pageerror', (error) => pageProblems.push(`${path}: uncaught ${error.message}`));
    await page.goto(server.url + path);
    return page;
  }

  it('shows the landing page, its heading and its calls to action with JavaScript disabled', async () => {
    const page = await visit(withoutScripts, '/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(LANDING_HEADING);
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Start Your Free Trial', exact: true }).getAttribute('href')).resolves.toBe('/signup');
    await expect(page.title()).resolves.toBe(`${LANDING_HEADING} · Stash`);
    await page.close();
  });

  it('shows the other public pages with JavaScript disabled', async () => {
    const headings: Record<string, string> = {
      '/pricing': 'Pricing',
      '/privacy': 'Privacy Policy',
      '/support': 'Support',
      '/mobile-apps': 'Mobile Apps',
      '/releases': "What's New",
    };
    for (const [path, heading] of Object.entries(headings)) {
      const page = await visit(withoutScripts, path);
      await expect(page.getByRole('heading', { level: 1 }).textContent(), path).resolves.toBe(heading);
      await page.close();
    }
    const mobileApps = await visit(withoutScripts, '/mobile-apps');
    await expect(mobileApps.getByText(`go to ${new URL(server.url).host} in Chrome`).isVisible()).resolves.toBe(true);
    await mobileApps.close();
  });

  it('runs the landing page with its own small script, not the app: live figures fetched, header filled in, links are page loads', async () => {
    const page = await withScripts.newPage();
    page.on('pageerror', (error) => pageProblems.push(`/: uncaught ${error.message}`));
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    const stats = page.waitForResponse((response) => response.url().endsWith('/api/public/stats'));
    await page.goto(server.url + '/');
    await expect(stats.then((response) => response.status())).resolves.toBe(200);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(LANDING_HEADING);
    // The islands script and what it imports, not the app's entry or React (docs/web-app.md, Public pages as islands).
    expect(scripts.some((script) => /\/assets\/islands-/.test(script))).toBe(true);
    expect(scripts.filter((script) => /\/assets\/(index|framework)-/.test(script))).toEqual([]);
    // A link to another page loads that page: this one is gone.
    await page.evaluate(() => ((window as Window & { stillHere?: boolean }).stillHere = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${server.url}/upgrade`);
    await page.getByRole('heading', { level: 1, name: 'Upgrade to Stash Pro' }).waitFor();
    await expect(page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).resolves.toBeUndefined();
    await page.close();
  });

  it('renders afresh where the build could not know the page: a query string', async () => {
    const page = await visit(withScripts, '/privacy?utm_source=test&utm_campaign=prerender');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Privacy Policy');
    await page.close();
  });

  it("runs the landing page with a campaign's query string, and hands /pricing back from a checkout to the app", async () => {
    const landing = await visit(withScripts, '/?utm_source=test&utm_campaign=prerender');
    await landing.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await expect(landing.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(LANDING_HEADING);
    await landing.close();
    const pricing = await visit(withScripts, '/pricing?canceled=true');
    await pricing
      .getByRole('region', { name: /Notifications/ })
      .getByText('Checkout canceled', { exact: true })
      .waitFor();
    await pricing.close();
  });

  it("starts a visitor's trial checkout from /upgrade?journey=b's own script, for the period chosen", async () => {
    const page = await visit(withScripts, '/upgrade?journey=b');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByText('Billed monthly: 71.88 USD a year.').waitFor();
    await expect(page.getByText('Best Value').count()).resolves.toBe(0);
    const checkout = page.waitForRequest((request) => request.url().endsWith('/api/subscriptions/create-trial-checkout'));
    await page.getByRole('button', { name: 'Start your 14-day free trial' }).click();
    expect((await checkout).postDataJSON()).toEqual({ plan: 'monthly', from: 'upgrade' });
    await page.waitForURL((url) => url.pathname === '/checkout/test');
    await page.close();
  });

  it('hydrates every prerendered page without a mismatch, or runs it with its own script without an error', async () => {
    for (const path of [
      '/pricing',
      '/upgrade',
      '/upgrade?journey=b',
      '/privacy',
      '/support',
      '/mobile-apps',
      '/releases',
      '/change-my-mind',
      '/yes-no-drake',
      '/auth',
      '/signup',
    ]) {
      const page = await visit(withScripts, path);
      await page.waitForLoadState('networkidle');
      await page.close();
    }
  });

  it('hydrates them for a signed-in user too, whose data may arrive before the page script', async () => {
    const context = await browser.newContext();
    const signUp = await context.request.post(`${server.url}/api/auth/create-trial-account`, {
      headers: { origin: server.url },
      data: { firstName: 'Hy', lastName: 'Drate', email: 'hydrate@example.com', password: 'a-long-password-1' },
    });
    expect(signUp.status()).toBe(201);
    // The island pages' own script hands the page to the app for someone signed in (islands/main.ts).
    for (const path of ['/pricing', '/support', '/privacy', '/mobile-apps', '/releases']) {
      const page = await visit(context, path);
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.close();
    }
    const upgrade = await visit(context, '/upgrade?journey=b');
    await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).waitFor();
    await upgrade.close();
    await context.close();
  });

  it('shows the login form of /auth with JavaScript disabled, and sends someone signed in who opens /auth on to the Stashboard', async () => {
    // In the HTML itself, so it paints before the app's script runs (it used to be a spinner).
    const visitor = await visit(withoutScripts, '/auth');
    await expect(visitor.getByRole('button', { name: 'Log in' }).isVisible()).resolves.toBe(true);
    await expect(visitor.getByLabel('Email').isVisible()).resolves.toBe(true);
    await visitor.close();

    const context = await browser.newContext();
    const signUp = await context.request.post(`${server.url}/api/auth/create-trial-account`, {
      headers: { origin: server.url },
      data: { firstName: 'Al', lastName: 'Ready', email: 'already@example.com', password: 'a-long-password-1' },
    });
    expect(signUp.status()).toBe(201);
    const page = await visit(context, '/auth');
    await page.waitForURL(`${server.url}/dashboard`);
    await context.close();
  });

  it("gives the demo video its controls from the page's script or from the app, not in the HTML", async () => {
    // The browser's controls are left out of the first paint's style work (demo-video.tsx).
    const html = await (await fetch(server.url + '/')).text();
    expect(html).toMatch(/<video [^>]*poster="\/demo-poster.jpg"/);
    expect(html).not.toMatch(/<video [^>]*controls/);
    // The play button waits, hidden, for the script that can play the video.
    expect(html).toMatch(/<button type="button" hidden="" data-demo-play="true"/);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // A query the islands script does not know hands the page to the app (islands/main.ts).
    for (const [name, context, path] of [
      ['islands script', withScripts, '/'],
      ['islands script on a phone', phone, '/'],
      ['app', withScripts, '/?ref=newsletter'],
    ] as const) {
      const page = await visit(context, path);
      const video = page.locator('video');
      const playButton = page.getByRole('button', { name: 'Play the demo video' });
      if (context === phone) {
        // A phone never starts it by itself: the page's play button gives the controls and plays it.
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.controls), { message: name }).toBe(false);
        await playButton.click();
      }
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.controls), { message: name }).toBe(true);
      await expect(playButton.isVisible(), name).resolves.toBe(false);
      // With them it plays when asked.
      await video.evaluate((v: HTMLVideoElement) => v.play());
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused), { message: name }).toBe(true);
      await page.close();
    }
    await phone.close();
  });

  it('never plays or loads the demo video by itself on a phone or with Save-Data: the poster shows until asked', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const saveData = await browser.newContext();
    await saveData.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    for (const [name, context] of Object.entries({ phone, saveData })) {
      const page = await context.newPage();
      const videoRequests: string[] = [];
      page.on('request', (request) => request.url().endsWith('/demo.webm') && videoRequests.push(request.url()));
      await page.goto(server.url + '/');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      const video = page.locator('video');
      await expect(
        video.evaluate((v: HTMLVideoElement) => [v.paused, v.preload, v.poster.endsWith('/demo-poster.jpg')]),
        name,
      ).resolves.toEqual([true, 'none', true]);
      expect(videoRequests, name).toEqual([]);
      // Asked, with the page's play button: it loads and plays, with the browser's controls.
      await page.getByRole('button', { name: 'Play the demo video' }).click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => [v.paused, v.controls]), { message: name }).toEqual([false, true]);
      await context.close();
    }
  });

  // Last, so it covers every page the tests above opened.
  it('logs no CSP violations, uncaught errors or unexpected console errors', () => {
    expect(pageProblems).toEqual([]);
  });
});
