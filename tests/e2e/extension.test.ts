import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled } from '../support/browser';
import { launchWithExtension, type ExtensionBrowser } from '../support/extension-browser';
import { findFreePort, startServer, type RunningServer } from '../support/server-process';
import { startTestSite, type TestSite } from '../support/test-site';

/*
 * The browser extension in a real Chromium: Connect pairs it with a running server through the
 * sign-in page, the toolbar popup saves a page of a local site in one press of Enter, and the
 * link is in /api/links/today. Then the popup's readable errors: a revoked token, a server down.
 */

const reader = { firstName: 'Rita', lastName: 'Reader', email: 'rita@example.com', password: 'rita-password-1' };
const JOURNEY_TIMEOUT_MS = 90_000;

describe.skipIf(!e2eEnabled)('browser extension', () => {
  let server: RunningServer;
  let site: TestSite;
  let browser: ExtensionBrowser;
  /** Uncaught errors and console errors of the popup and the extension's pages. */
  const extensionProblems: string[] = [];

  beforeAll(async () => {
    [server, site] = await Promise.all([startServer(), startTestSite()]);
    browser = await launchWithExtension(server.url);
    const signUp = await fetch(`${server.url}/api/auth/create-trial-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(reader),
    });
    expect(signUp.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), site?.close()]);
  });

  /** The popup over `page`, watched for errors. */
  async function popupOver(page: Page): Promise<Page> {
    await page.bringToFront();
    const popup = await browser.openPopup();
    popup.on('pageerror', (error) => extensionProblems.push(`popup: uncaught ${error.message}`));
    popup.on('console', (message) => {
      if (message.type() === 'error') extensionProblems.push(`popup: ${message.text()}`);
    });
    return popup;
  }

  async function openArticle(name: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${site.url}/${name}`);
    return page;
  }

  const api = (path: string) => browser.context.request.get(server.url + path);

  it(
    'connects after sign-in, saves the page in one click, and the link is in today\'s links',
    async () => {
      const article = await openArticle('reading-list');
      let popup = await popupOver(article);
      await popup.getByText(`Connect this browser to your Stash at ${new URL(server.url).host}`).waitFor();
      const signInTab = browser.context.waitForEvent('page');
      await popup.getByRole('button', { name: 'Connect to Stash' }).click();

      // The extension's tab goes through the server's hand-off to /auth?source=extension.
      const tab = await signInTab;
      await tab.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('source') === 'extension');
      await tab.getByLabel('Email', { exact: true }).fill(reader.email);
      await tab.getByLabel('Password', { exact: true }).fill(reader.password);
      await tab.getByRole('button', { name: 'Log in' }).click();
      await tab.waitForURL((url) => url.pathname === '/api/extension-auth/connected' && url.searchParams.get('status') === 'connected');
      await tab.getByRole('heading', { name: 'Your browser extension is connected' }).waitFor();
      const stored = await browser.serviceWorker.evaluate(() => chrome.storage.local.get('token'));
      expect(stored.token).toMatch(/^stash_/);

      const tokens = await (await api('/api/tokens')).json();
      expect(tokens).toEqual([expect.objectContaining({ name: 'Chrome extension on Linux' })]);

      popup = await popupOver(article);
      await popup.getByText('Local article: reading-list').waitFor();
      await popup.getByText(`${site.url}/reading-list`).waitFor();
      await checkA11y(popup, { samePage: true });
      await popup.getByRole('button', { name: 'Article' }).click();
      const notes = popup.getByLabel('Notes');
      await notes.fill('For the weekend');
      await notes.press('Enter');
      await popup.getByText('Saved to your Stash').waitFor();

      const today = await (await api('/api/links/today')).json();
      expect(today).toEqual([
        expect.objectContaining({
          url: `${site.url}/reading-list`,
          title: 'Local article: reading-list',
          notes: 'For the weekend',
          categories: ['Article'],
          includeInNewsletter: true,
        }),
      ]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it("adds 'Save link to Stash' to the context menu", async () => {
    // Chromium cannot click its own menus under automation; updating the entry fails unless it exists.
    const entry = await browser.serviceWorker.evaluate(() => chrome.contextMenus.update('save-to-stash', {}).then(() => 'exists', (error: Error) => error.message));
    expect(entry).toBe('exists');
  });

  it('says when the page is already in the stash', async () => {
    const popup = await popupOver(await openArticle('reading-list'));
    await popup.getByText(/^Already saved on \w+ \d{1,2}, \d{4}$/).waitFor();
    await expect(popup.getByRole('button', { name: 'Save again' }).isVisible()).resolves.toBe(true);
  });

  it('says the browser is signed out once its token is revoked, and offers to connect again', async () => {
    const [token] = await (await api('/api/tokens')).json();
    const revoked = await browser.context.request.delete(`${server.url}/api/tokens/${token.id}`, { headers: { origin: server.url } });
    expect(revoked.status()).toBe(204);

    const popup = await popupOver(await openArticle('after-revoking'));
    const alert = popup.getByRole('alert');
    await alert.getByText('You are signed out').waitFor();
    await expect(alert.getByRole('button', { name: 'Connect again' }).isVisible()).resolves.toBe(true);
    const forgotten = await browser.serviceWorker.evaluate(() => chrome.storage.local.get('token'));
    expect(forgotten.token).toBeUndefined();

    // Still signed in to Stash in this browser, connecting again needs no password.
    const tab = browser.context.waitForEvent('page');
    await alert.getByRole('button', { name: 'Connect again' }).click();
    await (await tab).waitForURL((url) => url.searchParams.get('status') === 'connected');
    const tokens = await (await api('/api/tokens')).json();
    expect(tokens).toEqual([expect.objectContaining({ name: 'Chrome extension on Linux' })]);
  });

  it('says the server is unreachable when it does not answer, with a retry', async () => {
    const closedPort = await findFreePort();
    await browser.serviceWorker.evaluate((serverUrl) => chrome.storage.local.set({ serverUrl, token: 'stash_AAAAAAAAAAAAAAAAAAAAAA' }), `http://127.0.0.1:${closedPort}`);
    const popup = await popupOver(await openArticle('offline'));
    const alert = popup.getByRole('alert');
    await alert.getByText("Can't reach your Stash server").waitFor();

    await browser.serviceWorker.evaluate(async (serverUrl) => {
      await chrome.storage.local.set({ serverUrl });
      await chrome.storage.local.remove('token');
    }, server.url);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await popup.getByRole('button', { name: 'Connect to Stash' }).waitFor();
  });

  it('logs no errors in the popup', () => {
    expect(extensionProblems).toEqual([]);
  });
});
