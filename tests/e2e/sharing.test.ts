import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnabled, launchBrowser } from '../support/browser';
import { PASSWORD, saveLinkAs, signUpForTrial, verifyAddress } from '../support/browser-accounts';
import { newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';
import { startTestSite, type TestSite } from '../support/test-site';

/*
 * docs/sharing.md: publishing a category from Settings and reading its page signed out, sharing one
 * link and revoking it, the Unpublish confirmation, an administrator's takedown, at 320 and 390 px in
 * light and dark. With SHARING_SCREENSHOTS=1 the screens
 * land in test-results/sharing/.
 */

const ADMIN_EMAIL = 'sharing-admin@example.com';
const SCREENSHOTS = process.env.SHARING_SCREENSHOTS ? path.resolve('test-results/sharing') : undefined;
const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
] as const;

describe.skipIf(!e2eEnabled)('sharing a category', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let site: TestSite;
  // A revoked shared address answers 404, by design.
  const pages = watchPages([/Failed to load resource: the server responded with a status of 404/]);
  const handle = `ada-${Date.now().toString(36)}`;

  beforeAll(async () => {
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
    site = await startTestSite();
    [server, browser] = await Promise.all([
      startServer({ READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on', ADMIN_EMAILS: ADMIN_EMAIL }),
      launchBrowser(),
    ]);
    owner = await newCspReportingContext(browser, { viewport: SIZES[1] });
    owner.setDefaultTimeout(120_000);
    await signUpForTrial(owner, server.url, 'Ada');
    const headers = { origin: server.url };
    expect((await owner.request.post(`${server.url}/api/categories`, { data: { name: 'Slow reading' }, headers })).status()).toBe(201);
    await saveLinkAs(owner, server.url, {
      url: 'https://slow-notes.example.com/2026/11/catalogue',
      title: 'How librarians rebuilt a catalogue',
      notes: 'Read this on the train',
      categories: ['Slow reading'],
    });
    owner.setDefaultTimeout(30_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.close();
  });

  /** Nothing wider than the screen, in both themes and at both phone sizes; screenshots when asked. */
  async function checkPhoneSizes(page: Page, name: string) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(size.width);
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}-${colorScheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('publishes a category from Settings and shows its links to someone signed out', async () => {
    const page = await pages.open(owner, `${server.url}/settings?tab=profile`);
    await page.getByLabel('Public handle').fill(handle);
    await page.getByRole('button', { name: 'Save handle' }).click();
    await toastText(page, 'Handle saved').waitFor();

    await page.goto(`${server.url}/settings?tab=categories`);
    await page.getByRole('button', { name: 'Publish: Slow reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish “Slow reading”' });
    await dialog.getByLabel('Description (optional)').fill('Long articles worth an evening.');
    await dialog.getByRole('checkbox', { name: 'Show my notes' }).click();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    const publicUrl = `${server.url}/@${handle}/slow-reading`;
    await dialog.getByRole('link', { name: publicUrl }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `publish-${size.width}-${colorScheme}.png`) });
      }
    }
    // The category's own menu, on My Stash filtered by it, says it is published and opens its page.
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/history?category=${encodeURIComponent('Slow reading')}`);
    const categoryMenu = page.getByRole('group', { name: 'Category Slow reading' });
    await categoryMenu.getByRole('button', { name: 'Published: Slow reading' }).waitFor();
    await expect(categoryMenu.getByRole('link', { name: 'Open its public page' }).getAttribute('href')).resolves.toBe(publicUrl);
    await checkPhoneSizes(page, 'history-category');
    await page.close();

    // Someone without an account, and without JavaScript: the page is HTML from the server.
    const reader = await browser.newContext({ javaScriptEnabled: false, viewport: SIZES[0] });
    const publicPage = await reader.newPage();
    const answer = await publicPage.goto(publicUrl);
    expect(answer?.status()).toBe(200);
    await expect(publicPage.getByRole('heading', { name: 'Slow reading', level: 1 }).isVisible()).resolves.toBe(true);
    const link = publicPage.getByRole('link', { name: 'How librarians rebuilt a catalogue' });
    await expect(link.getAttribute('href')).resolves.toBe('https://slow-notes.example.com/2026/11/catalogue');
    await expect(link.getAttribute('rel')).resolves.toBe('ugc nofollow');
    await expect(publicPage.getByText('Read this on the train').isVisible()).resolves.toBe(true);
    await expect(publicPage.getByText('Long articles worth an evening.').isVisible()).resolves.toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      await publicPage.emulateMedia({ colorScheme });
      for (const size of SIZES) {
        await publicPage.setViewportSize(size);
        // Nothing wider than the screen.
        await expect(publicPage.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(size.width);
        if (SCREENSHOTS)
          await publicPage.screenshot({ path: path.join(SCREENSHOTS, `page-${size.width}-${colorScheme}.png`), fullPage: true });
      }
    }
    await reader.close();
  }, 180_000);

  it('refuses a taken-looking handle with its reason, then shares one link and revokes it from Settings → Sharing', async () => {
    const page = await pages.open(owner, `${server.url}/settings?tab=profile`);
    await page.getByLabel('Public handle').fill('settings');
    await page.getByRole('button', { name: 'Save handle' }).click();
    await page.getByText('That handle is reserved. Please choose another one.').waitFor();
    await checkPhoneSizes(page, 'handle-reserved');

    const title = 'Local article: a catalogue rebuilt by hand, told at length for people who read on the train home every evening';
    owner.setDefaultTimeout(120_000);
    const linkId = await saveLinkAs(owner, server.url, { url: `${site.url}/catalogue`, title });
    await expect
      .poll(
        async () =>
          ((await (await owner.request.get(`${server.url}/api/links/${linkId}`)).json()) as { contentStatus: string }).contentStatus,
        {
          timeout: 60_000,
        },
      )
      .toBe('ready');
    owner.setDefaultTimeout(30_000);

    await page.goto(`${server.url}/history`);
    await page.getByRole('button', { name: `Share ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this link' });
    const address = (await dialog.getByText(`${server.url}/s/`).textContent()) ?? '';
    expect(address).toMatch(/\/s\/[\w-]{20,}$/);
    await checkPhoneSizes(page, 'share-dialog');
    await page.keyboard.press('Escape');

    const stranger = await browser.newContext({ viewport: SIZES[0] });
    const shared = await stranger.newPage();
    expect((await shared.goto(address))?.status()).toBe(200);
    await expect(shared.getByRole('heading', { name: title }).first().isVisible()).resolves.toBe(true);
    await expect(shared.getByText('Reading lists grow faster than evenings do').first().isVisible()).resolves.toBe(true);

    await page.goto(`${server.url}/settings?tab=sharing`);
    const list = page.getByRole('list', { name: 'Shared links' });
    await list.getByText(title).waitFor();
    await checkPhoneSizes(page, 'sharing-tab');
    await list.getByRole('button', { name: `Revoke ${title}` }).click();
    await toastText(page, 'Link revoked').waitFor();
    await page.getByText('No shared links. Use Share on a link with a readable copy.').waitFor();
    expect((await shared.goto(address))?.status()).toBe(404);
    await stranger.close();
    await page.close();
    expect(pages.problems).toEqual([]);
  }, 240_000);

  it("subscribes to the page's weekly e-mail from a phone without JavaScript: a bad address is refused, then check your inbox", async () => {
    const reader = await browser.newContext({ javaScriptEnabled: false, viewport: SIZES[1] });
    const page = await reader.newPage();
    const publicUrl = `${server.url}/@${handle}/slow-reading`;
    await page.goto(publicUrl);
    const form = page.getByRole('region', { name: 'Get these links by e-mail' });
    await expect(form.getByText(/^Weekly, on Fridays at 9:00 AM \(/).isVisible()).resolves.toBe(true);
    await expect(form.getByText(/The curator sees how many people subscribe/).isVisible()).resolves.toBe(true);
    const shoot = async (name: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(size.width);
          if (SCREENSHOTS) await form.screenshot({ path: path.join(SCREENSHOTS, `subscribe-${name}-${size.width}-${colorScheme}.png`) });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(SIZES[1]);
    };
    await shoot('form');

    await form.getByLabel('Your e-mail address').fill('not an address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert').textContent()).resolves.toBe('Please enter an e-mail address such as name@example.com.');
    await expect(form.getByLabel('Your e-mail address').inputValue()).resolves.toBe('not an address');
    await shoot('error');

    await form.getByLabel('Your e-mail address').fill('reader@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${publicUrl}?subscribed=1#subscribe`);
    await expect(form.getByRole('status').textContent()).resolves.toBe(
      'Check your inbox: we sent a link to confirm. Nothing else is sent until you confirm.',
    );
    await shoot('sent');
    await reader.close();

    // The owner sees a count (the reader has not confirmed yet), and the day and hour of the e-mail.
    const settings = await pages.open(owner, `${server.url}/settings?tab=sharing`);
    await settings.getByText(/0 subscribers · last e-mail to subscribers: none yet/).waitFor();
    await settings.getByRole('heading', { name: 'Weekly e-mail to subscribers' }).scrollIntoViewIfNeeded();
    for (const colorScheme of ['light', 'dark'] as const) {
      await settings.emulateMedia({ colorScheme });
      for (const size of SIZES) {
        await settings.setViewportSize(size);
        await expect(settings.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(size.width);
        if (SCREENSHOTS)
          await settings.screenshot({ path: path.join(SCREENSHOTS, `sharing-tab-subscribers-${size.width}-${colorScheme}.png`) });
      }
    }
    await settings.emulateMedia({ colorScheme: 'light' });
    await settings.getByLabel('Day').selectOption('Monday');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(settings, 'Schedule saved').waitFor();
    await settings.getByText(/they get them by e-mail on Mondays at 9:00 AM/).waitFor();
    await settings.close();
  }, 120_000);
  it('warns before unpublishing that the subscribers go; an administrator takes the page down from /admin/takedowns', async () => {
    const page = await pages.open(owner, `${server.url}/settings?tab=categories`);
    await page.getByRole('button', { name: 'Published: Slow reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish “Slow reading”' });
    await dialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await dialog.getByText(/its subscribers are removed: they get no more e-mail/).waitFor();
    // The dialog within the screen. (The categories list behind it is wider than 320 px: its rows' buttons do not wrap.)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const box = await dialog.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `unpublish-confirm-${size.width}-${colorScheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Keep it published' }).click();
    await dialog.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();
    await page.close();
    const publicUrl = `${server.url}/@${handle}/slow-reading`;
    expect((await owner.request.get(publicUrl)).status()).toBe(200);

    const admin = await newCspReportingContext(browser, { viewport: SIZES[1] });
    const created = await admin.request.post(`${server.url}/api/auth/create-trial-account`, {
      data: { firstName: 'Grace', lastName: 'Admin', email: ADMIN_EMAIL, password: PASSWORD, timezone: 'UTC' },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    // Only a verified address listed in ADMIN_EMAILS is an administrator.
    await verifyAddress(admin, server.url, ADMIN_EMAIL);
    const takedowns = await pages.open(admin, `${server.url}/admin/takedowns`);
    await takedowns.getByRole('heading', { name: 'Take down a public page' }).waitFor();
    await takedowns.getByRole('button', { name: 'Take down' }).click();
    await takedowns.getByText('Please say why').waitFor();
    await takedowns.getByLabel('Address of the public page or shared link').fill(publicUrl);
    await takedowns.getByLabel('Reason, mailed to the owner').fill('It copies a paywalled article in full.');
    await checkPhoneSizes(takedowns, 'takedown-form');
    await takedowns.getByRole('button', { name: 'Take down' }).click();
    await toastText(takedowns, 'Public page taken down').waitFor();
    expect((await owner.request.get(publicUrl)).status()).toBe(404);
    await expect(takedowns.getByLabel('Address of the public page or shared link').inputValue()).resolves.toBe('');
    await admin.close();
    expect(pages.problems).toEqual([]);
  }, 180_000);
});
