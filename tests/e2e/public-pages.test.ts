import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redditPixel } from '../../src/shared/reddit-pixel';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { verifyAddress } from '../support/browser-accounts';
import { reportCspViolations } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * The public pages (landing, advertising pages, privacy, support, releases), the administrators'
 * pages and the analytics they send, against the built server with nothing third-party configured.
 */

// Signed out, no call fails: the current-user call answers 200 with no user, so nothing is logged as an error.
const expectedConsoleErrors: RegExp[] = [];

const ADMIN_EMAIL = 'admin@example.com';

describe.skipIf(!e2eEnabled)('public pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let visitor: BrowserContext;
  const pageProblems: string[] = [];
  /** Every URL any page of this file requested that was not on our own server. */
  const thirdPartyRequests: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_EMAILS: ADMIN_EMAIL }), launchBrowser()]);
    visitor = await newContext();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await reportCspViolations(context);
    context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.url) && !/^(data|blob):/.test(url)) thirdPartyRequests.push(url);
    });
    return context;
  }

  /** A browser signed in to a new trial account, made the way the /signup page does it. */
  async function signedInContext(email: string): Promise<BrowserContext> {
    const context = await newContext();
    const res = await context.request.post(`${server.url}/api/auth/create-trial-account`, {
      headers: { origin: server.url },
      data: { firstName: 'Test', lastName: 'Person', email, password: 'a-long-password-1' },
    });
    expect(res.status()).toBe(201);
    // Only a verified ADMIN_EMAILS address is an administrator.
    await verifyAddress(context, server.url, email);
    return context;
  }

  async function visit(path: string, context = visitor): Promise<Page> {
    const page = await context.newPage();
    const where = () => new URL(page.url()).pathname;
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !expectedConsoleErrors.some((expected) => expected.test(text)))
        pageProblems.push(`${where()}: ${text}`);
    });
    page.on('pageerror', (error) => pageProblems.push(`${where()}: uncaught ${error.message}`));
    await page.goto(server.url + path);
    return page;
  }

  const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
  const link = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
  const toastText = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

  /** Resolves with the body of the next POST /api/events for `name`. */
  function nextEvent(page: Page, name: string): Promise<{ name: string; props: Record<string, unknown> }> {
    const isEvent = (request: Request) => request.url().endsWith('/api/events') && request.postDataJSON()?.name === name;
    return page.waitForRequest(isEvent).then((request) => request.postDataJSON());
  }

  describe('the landing page', () => {
    it('shows every section of the landing page, each call to action leading to /signup, accessibly in light and dark', async () => {
      const page = await visit('/');
      await expect.poll(() => h1(page).textContent()).toBe('Turn saved links into your favourite newsletter');
      for (const text of [
        'Start actually reading what you save.',
        'Thousands of articles read',
        'Now Available!',
        'Pocket user? Seamlessly switch to Stash for free.',
      ]) {
        await expect(page.getByText(text, { exact: true }).isVisible(), text).resolves.toBe(true);
      }
      for (const bullet of [
        'One-click saving from any website',
        'Automatic title and URL detection',
        'Build your newsletter as you browse',
        'Organise with categories',
      ]) {
        await expect(page.getByRole('listitem').filter({ hasText: bullet }).count(), bullet).resolves.toBe(1);
      }
      await expect(page.getByRole('img', { name: /extension saving the page/ }).isVisible()).resolves.toBe(true);

      const video = page.locator('video');
      // The controls come from the page's script (demo-video.tsx), once it has run.
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
      await expect(video.evaluate((v: HTMLVideoElement) => [v.autoplay, v.muted, v.loop, v.controls, v.preload])).resolves.toEqual([
        false,
        true,
        true,
        true,
        'none',
      ]);
      await expect(video.getAttribute('poster')).resolves.toBe('/demo-poster.jpg');
      await expect(
        video.locator('source').evaluate((source: HTMLSourceElement) => [source.getAttribute('src'), source.type]),
      ).resolves.toEqual(['/demo.webm', 'video/webm']);
      await expect(page.getByText(/^Demo video/).isVisible()).resolves.toBe(true);

      for (const feature of ['Quick Stash', 'Personal Newsletter', 'Link History', 'Smart Categories']) {
        await expect(page.getByRole('heading', { level: 3, name: feature }).isVisible(), feature).resolves.toBe(true);
      }
      const proof = page.getByRole('region', { name: 'Stash in numbers' });
      await expect(proof.locator('dd').count()).resolves.toBe(3);
      // A fresh install is far below the claims: the section says only what is true.
      await expect(proof.getByText('10,000+').count()).resolves.toBe(0);
      await expect(proof.getByText('Free trial, no card needed').isVisible()).resolves.toBe(true);

      const callsToAction = [
        'Start Your Free Trial',
        'Start your free trial',
        'Switch for free',
        'Quick Stash',
        'Personal Newsletter',
        'Link History',
        'Smart Categories',
      ];
      for (const name of callsToAction) await expect(link(page, name).getAttribute('href'), name).resolves.toBe('/signup');

      await checkA11y(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await checkA11y(page);
      await page.close();
    });

    it('records the view with the campaign and keeps rdt_cid, utm_source and utm_campaign for the visit', async () => {
      const page = await visitor.newPage();
      const viewed = nextEvent(page, 'landing_view');
      await page.goto(`${server.url}/?rdt_cid=click-42&utm_source=reddit&utm_campaign=spring`);
      expect((await viewed).props).toEqual({ page: 'home', utmSource: 'reddit', utmCampaign: 'spring', fromAdClick: true });
      const kept = await page.evaluate(() => sessionStorage.getItem('stash.attribution'));
      expect(Object.fromEntries(new URLSearchParams(kept ?? ''))).toEqual({
        rdt_cid: 'click-42',
        utm_source: 'reddit',
        utm_campaign: 'spring',
      });

      await link(page, 'Start Your Free Trial').click();
      await page.waitForURL((url) => url.pathname === '/signup');
      await expect(page.evaluate(() => sessionStorage.getItem('stash.attribution'))).resolves.toBe(kept);
      await page.close();
    });

    it('serves the demo video and its poster, the video in byte ranges as media players ask', async () => {
      const whole = await fetch(`${server.url}/demo.webm`);
      expect(whole.headers.get('content-type')).toBe('video/webm');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      const size = (await whole.arrayBuffer()).byteLength;
      expect(size).toBeLessThan(2 * 1024 * 1024);

      const range = await fetch(`${server.url}/demo.webm`, { headers: { range: 'bytes=0-99' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
      expect((await range.arrayBuffer()).byteLength).toBe(100);

      const poster = await fetch(`${server.url}/demo-poster.jpg`);
      expect([poster.status, poster.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    });

    it('plays the demo video by itself (not counted as a play), records playing it, and records clicking a feature card', async () => {
      const plays: unknown[] = [];
      const page = await visit('/');
      page.on('request', (request) => {
        if (request.url().endsWith('/api/events') && request.postDataJSON()?.name === 'video_play') plays.push(request.postDataJSON());
      });
      const video = page.locator('video');
      // Muted, it autoplays: Chromium loads and decodes the VP9 recording and it moves.
      const playing = () => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2 && v.currentTime > 0);
      await expect.poll(playing, { timeout: 15_000 }).toBe(true);
      await expect(video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).resolves.toEqual([1280, 720]);
      await expect(video.evaluate((v: HTMLVideoElement) => v.duration)).resolves.toSatisfy(
        (seconds: number) => seconds >= 15 && seconds <= 25,
      );

      expect(plays).toEqual([]);

      // Playing it again after a pause, as a visitor would with the controls (a user gesture), is recorded.
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      const played = nextEvent(page, 'video_play');
      await h1(page).click();
      await video.evaluate((v: HTMLVideoElement) => v.play());
      expect((await played).props).toEqual({ video: 'landing-demo' });
      await expect.poll(playing).toBe(true);

      const clicked = nextEvent(page, 'feature_click');
      await link(page, 'Link History').click();
      expect((await clicked).props).toEqual({ feature: 'Link History' });
      await page.waitForURL((url) => url.pathname === '/signup');
      await page.close();
    });

    it('sends a signed-in visitor to the Stashboard', async () => {
      const signedIn = await signedInContext('reader@example.com');
      const page = await visit('/', signedIn);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.close();
      await signedIn.close();
    });
  });

  it.each([
    ['/change-my-mind', 'Start actually reading what you save', 'Change my mind.'],
    ['/yes-no-drake', 'Stop hoarding links. Start reading them.', "Keeping 200 tabs open to read 'later'"],
  ])('shows the advertising page %s with its 14-day trial call to action', async (path, title, meme) => {
    const page = await visit(`${path}?utm_source=reddit&utm_campaign=meme`);
    await expect.poll(() => h1(page).textContent()).toBe(title);
    await expect(page.getByText(meme).isVisible()).resolves.toBe(true);
    await expect(link(page, 'Start your 14-day free trial').getAttribute('href')).resolves.toBe('/signup');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('stash.attribution'))).toBe('utm_source=reddit&utm_campaign=meme');
    await checkA11y(page);
    await page.close();
  });

  it('shows the privacy policy, last updated May 30, 2025, excluding children under 13', async () => {
    const page = await visit('/privacy');
    await expect.poll(() => h1(page).textContent()).toBe('Privacy Policy');
    await expect(page.getByText('Last updated: May 30, 2025').isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Stash is not for children under 13/).isVisible()).resolves.toBe(true);
    await checkA11y(page);
    await page.close();
  });

  describe('the support page', () => {
    it('answers questions in accordions, the free tier as 50 links a month, and links the extension', async () => {
      const page = await visit('/support');
      await expect.poll(() => h1(page).textContent()).toBe('Support');
      const question = page.getByRole('button', { name: 'What does the free plan include?' });
      await expect(question.getAttribute('aria-expanded')).resolves.toBe('false');
      const helped = nextEvent(page, 'help_click');
      await question.click();
      await expect(page.getByText(/^50 links a month, a weekly digest/).isVisible()).resolves.toBe(true);
      expect((await helped).props).toEqual({ question: 'What does the free plan include?' });

      // No store lists the extension yet: the page says where it comes from until one does.
      const extension = page.locator('#browser-extension');
      await expect(extension.getByText('Not in the Chrome or Firefox stores yet.').isVisible()).resolves.toBe(true);
      await expect(extension.getByText('npm run build:extension').isVisible()).resolves.toBe(true);
      await expect(extension.getByRole('link', { name: 'bookmarklet' }).getAttribute('href')).resolves.toBe(
        '/mobile-apps#bookmarklet-heading',
      );
      await expect(page.getByRole('link', { name: /Get the browser extension/ }).count()).resolves.toBe(0);
      await checkA11y(page);
      await page.close();
    });

    it("copies the support address and shows 'Copied' for 2 seconds", async () => {
      // A context of its own, whose clock is moved by hand (a clock is the whole context's): what shows
      // at 1.9 s and at 2 s does not depend on how busy the machine is.
      const context = await newContext();
      await context.clock.install();
      const page = await visit('/support', context);
      const copy = page.getByRole('button', { name: 'Copy email' });
      // Paused once the page has drawn (it waits on timers of its own): an installed clock runs at
      // wall-clock pace, a paused one moves only by runFor.
      await copy.waitFor();
      await page.clock.pauseAt(Date.now() + 60_000);
      await copy.click();
      const copied = page.getByRole('button', { name: 'Copied' });
      await copied.waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('support@localhost');
      await page.clock.runFor(1900);
      await expect(copied.isVisible()).resolves.toBe(true);
      await page.clock.runFor(100);
      await copy.waitFor();
      await context.close();
    });
  });

  describe('release notes', () => {
    let admin: BrowserContext;

    beforeAll(async () => {
      admin = await signedInContext(ADMIN_EMAIL);
    });

    afterAll(async () => {
      await admin?.close();
    });

    it("says 'No releases yet' before anything is published", async () => {
      const page = await visit('/releases');
      await expect.poll(() => h1(page).textContent()).toBe("What's New");
      await page.getByText('No releases yet').waitFor();
      await checkA11y(page);
      await page.close();
    });

    it('lets an administrator publish a release, which /releases then shows', async () => {
      const page = await visit('/admin/releases', admin);
      await expect.poll(() => h1(page).textContent()).toBe('Create a release');
      await checkA11y(page);

      await page.getByRole('button', { name: 'Create release' }).click();
      await toastText(page, 'Validation Error').waitFor();
      await expect(toastText(page, 'Title and description are required').isVisible()).resolves.toBe(true);

      await page.getByLabel('Title', { exact: true }).fill('Search your stash');
      await page.getByLabel('Description').fill('Find any link by its title, notes or address.');
      await page.getByLabel('Type').selectOption('feature');
      await page.getByLabel('Version (optional)').fill('1.4.0');
      await page.getByRole('checkbox', { name: 'Publish immediately' }).click();
      await page.getByRole('button', { name: 'Create release' }).click();
      await toastText(page, 'Release created').waitFor();

      // Left unchecked, 'Publish immediately' keeps the next one off /releases.
      await page.getByLabel('Title', { exact: true }).fill('Quiet draft');
      await page.getByLabel('Description').fill('Not announced yet.');
      await page.getByRole('button', { name: 'Create release' }).click();
      await toastText(page, 'It was saved unpublished.').waitFor();

      await page.goto(`${server.url}/releases`);
      const release = page.getByRole('article', { name: 'Search your stash' });
      await release.waitFor();
      await expect(release.getByText('New feature').isVisible()).resolves.toBe(true);
      await expect(release.getByText('v1.4.0').isVisible()).resolves.toBe(true);
      await expect(release.locator('time').textContent()).resolves.toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect(page.getByText('Quiet draft').count()).resolves.toBe(0);
      await checkA11y(page);
      await page.close();
    });

    it('lists the draft on /admin/releases, where publishing it puts it on /releases', async () => {
      const page = await visit('/admin/releases', admin);
      const drafts = page.getByRole('region', { name: 'Unpublished releases' });
      await drafts.getByText('Quiet draft').waitFor();
      await expect(drafts.getByText('Search your stash').count()).resolves.toBe(0);
      await checkA11y(page);
      await drafts.getByRole('button', { name: 'Publish "Quiet draft"' }).click();
      await toastText(page, 'Release published').waitFor();
      await expect(drafts.count()).resolves.toBe(0);
      await page.goto(`${server.url}/releases`);
      await page.getByRole('article', { name: 'Quiet draft' }).waitFor();
      await page.close();
    });

    it('shows an administrator the key figures, the digests (none yet) and the events per day on /admin/metrics, from the user menu', async () => {
      const page = await visit('/dashboard', admin);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Metrics' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/metrics');
      await expect.poll(() => h1(page).textContent()).toBe('Metrics');
      const figures = page.getByRole('table', { name: /^Key figures per day/ });
      await figures.waitFor();
      for (const name of ['Landing views', 'Sign-ups', 'Trials', 'Purchases', 'Digests sent', 'Links saved']) {
        await expect(figures.getByRole('columnheader', { name }).isVisible()).resolves.toBe(true);
      }
      const table = page.getByRole('table', { name: /^Events per day/ });
      await table.waitFor();
      await expect(table.getByRole('columnheader', { name: 'landing_view' }).isVisible()).resolves.toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      await expect(table.getByRole('rowheader', { name: today }).isVisible()).resolves.toBe(true);
      await page.getByText('No digests yet').waitFor();
      await checkA11y(page);
      await page.close();
    });

    it.each(['/admin/releases', '/admin/metrics'])(
      'shows the not-found page on %s to a signed-in user who is not an administrator',
      async (path) => {
        const member = await signedInContext(`member-${path.slice(7)}@example.com`);
        const page = await visit(path, member);
        await expect.poll(() => h1(page).textContent()).toBe('404 Page Not Found');
        await page.close();
        await member.close();
      },
    );
  });

  describe('with REDDIT_PIXEL_ID set', () => {
    let pixelServer: RunningServer;
    // The network's script, stood in for: it records each call instead of reporting it.
    const fakePixelScript = `
      window.pixelCalls = [];
      window.rdt.sendEvent = (...args) => window.pixelCalls.push(JSON.parse(JSON.stringify(args)));
      window.rdt.callQueue.forEach((args) => window.rdt.sendEvent(...args));`;

    beforeAll(async () => {
      pixelServer = await startServer({ REDDIT_PIXEL_ID: 'a2_test_pixel' });
    }, 60_000);

    afterAll(async () => {
      await pixelServer?.stop();
    });

    /** A page of its own context, outside the third-party check above, with CSP violations kept. */
    async function pixelPage(serveScript: boolean): Promise<{ page: Page; problems: string[] }> {
      const context = await browser.newContext();
      await context.route(redditPixel.scriptUrl, (route) =>
        serveScript ? route.fulfill({ contentType: 'text/javascript', body: fakePixelScript }) : route.abort(),
      );
      const page = await context.newPage();
      const problems: string[] = [];
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.blockedURI}`)),
      );
      page.on('console', (message) => message.text().startsWith('CSP violation') && problems.push(message.text()));
      page.on('pageerror', (error) => problems.push(error.message));
      return { page, problems };
    }

    it('loads the pixel and reports a landing to it and to the server under one generated conversion id', async () => {
      const { page, problems } = await pixelPage(true);
      const serverCall = page.waitForRequest((request) => request.url().endsWith('/api/reddit/landing'));
      await page.goto(`${pixelServer.url}/?rdt_cid=click-7&utm_source=reddit`);
      const body = (await serverCall).postDataJSON();
      expect(body).toMatchObject({ clickId: 'click-7', utmSource: 'reddit', conversionId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { pixelCalls?: unknown[] }).pixelCalls))
        .toEqual([
          ['init', 'a2_test_pixel', { useDecimalCurrencyValues: true }],
          ['track', 'PageVisit', { conversionId: body.conversionId }],
        ]);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('skips the pixel after 50 checks 100 ms apart when its script never arrives', async () => {
      const { page, problems } = await pixelPage(false);
      // The page's own clock, run through the 5 s of checks instead of waiting them out.
      await page.clock.install();
      await page.goto(pixelServer.url);
      await page.waitForRequest((request) => request.url().endsWith('/api/reddit/landing'));
      await page.clock.runFor(5500);
      await expect(page.evaluate(() => window.rdt?.callQueue)).resolves.toEqual([
        ['init', 'a2_test_pixel', { useDecimalCurrencyValues: true }],
      ]);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });

  // Last, so they cover every page the tests above opened.
  it('sent nothing to any third-party host, nothing being configured', () => {
    expect(thirdPartyRequests).toEqual([]);
  });

  it('logs no CSP violations, uncaught errors or unexpected console errors', () => {
    expect(pageProblems).toEqual([]);
  });
});
