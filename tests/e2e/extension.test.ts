import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_WAIT_MS } from '../../src/extension/options/change-server';
import { checkA11y, e2eEnabled } from '../support/browser';
import { launchWithExtension, type ExtensionBrowser } from '../support/extension-browser';
import { findFreePort, startServer, type RunningServer } from '../support/server-process';
import { startTestSite, testSiteArticle, type TestSite } from '../support/test-site';

/*
 * The browser extension in a real Chromium: Connect pairs it with a running server through the
 * sign-in page; pressing the toolbar button saves the page of a local site at once and shows its
 * card (the server reads the page), notes and a category are added after, Undo deletes it, and a
 * saved page opens on its "already saved" card. Then the popup's readable errors: a revoked
 * token, a server down. Last, the default build, which asks for its server.
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
    // The server reads saved pages, here of the local site.
    [server, site] = await Promise.all([startServer({ READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' }), startTestSite()]);
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
    'connects after sign-in; one click saves the page and shows its card; notes and a category are added after',
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

      // One click saves: the link is in the stash before anything else is pressed.
      popup = await popupOver(article);
      await popup.getByRole('status').filter({ hasText: 'Saved to your Stash' }).waitFor();
      const saved = await (await api('/api/links/today')).json();
      expect(saved).toEqual([
        expect.objectContaining({ url: `${site.url}/reading-list`, title: 'Local article: reading-list', notes: null }),
      ]);

      // The card fills in once the server has read the page.
      const card = popup.getByRole('article', { name: 'Saved link' });
      await card.getByText(`${testSiteArticle.readingMinutes} min read`).waitFor();
      await expect(card.getByText(testSiteArticle.siteName, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(card.getByText('Local article: reading-list', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(card.getByText(testSiteArticle.description).isVisible()).resolves.toBe(true);
      await expect(card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).resolves.toBe(true);
      await checkA11y(popup, { samePage: true });
      await popup.emulateMedia({ colorScheme: 'dark' });
      await checkA11y(popup, { samePage: true });
      await popup.emulateMedia({ colorScheme: 'light' });

      await popup.getByRole('button', { name: 'Article' }).click();
      const notes = popup.getByRole('textbox', { name: 'Notes' });
      await notes.fill('For the weekend');
      await notes.press('Enter');
      await popup.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();

      const today = await (await api('/api/links/today')).json();
      expect(today).toEqual([
        expect.objectContaining({
          url: `${site.url}/reading-list`,
          title: 'Local article: reading-list',
          notes: 'For the weekend',
          categories: ['Article'],
          includeInNewsletter: true,
          contentStatus: 'ready',
        }),
      ]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it("adds 'Save link to Stash' to the context menu", async () => {
    // Chromium cannot click its own menus under automation; updating the entry fails unless it exists.
    const entry = await browser.serviceWorker.evaluate(() =>
      chrome.contextMenus.update('save-to-stash', {}).then(
        () => 'exists',
        (error: Error) => error.message,
      ),
    );
    expect(entry).toBe('exists');
  });

  it(
    "'Highlight with Stash' on selected words saves the page and the highlight, found in the readable copy once it is made",
    async () => {
      const entry = await browser.serviceWorker.evaluate(() =>
        chrome.contextMenus.update('highlight-with-stash', {}).then(
          () => 'exists',
          (error: Error) => error.message,
        ),
      );
      expect(entry).toBe('exists');

      const article = await openArticle('to-highlight');
      const sentence = 'Each saved page is a promise to read later.';
      // The words of the third paragraph selected, as a reader's mouse would.
      await article.evaluate((words) => {
        const text = document.querySelectorAll('p')[2].firstChild as Text;
        const at = text.data.indexOf(words);
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + words.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      }, sentence);
      // Chromium cannot click its own menus under automation: the click's event is dispatched as the menu would.
      await browser.serviceWorker.evaluate(
        async ({ pageUrl, selectionText }) => {
          const [tab] = await chrome.tabs.query({ url: pageUrl });
          (chrome.contextMenus.onClicked as unknown as { dispatch: (...args: unknown[]) => void }).dispatch(
            { menuItemId: 'highlight-with-stash', pageUrl, selectionText, frameId: 0, editable: false },
            tab,
          );
        },
        { pageUrl: `${site.url}/to-highlight`, selectionText: sentence },
      );

      const lookUp = async () =>
        (await (await api(`/api/links/lookup?${new URLSearchParams({ url: `${site.url}/to-highlight` })}`)).json()).link;
      await expect.poll(lookUp, { timeout: 30_000 }).toMatchObject({ highlightCount: 1 });
      const link = await lookUp();
      const [highlight] = await (await api(`/api/links/${link.id}/highlights`)).json();
      expect(highlight).toMatchObject({ exact: sentence, color: 'yellow' });
      expect(highlight.prefix).toMatch(/rarely comes\. $/);

      // Once the server has read the page, the quote is a place in its readable copy.
      await expect
        .poll(async () => (await (await api(`/api/links/${link.id}/highlights`)).json())[0], { timeout: 60_000 })
        .toMatchObject({ exact: sentence, anchored: true });
      const popup = await popupOver(article);
      await popup.getByRole('article', { name: 'Saved link' }).getByText('1 highlight').waitFor();
      await popup.close();

      // The journeys below count today's saves without this one.
      const removed = await browser.context.request.delete(`${server.url}/api/links/${link.id}`, { headers: { origin: server.url } });
      expect(removed.status()).toBe(204);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('opens on the already-saved card on a saved page, and saves nothing twice', async () => {
    const popup = await popupOver(await openArticle('reading-list'));
    await popup
      .getByRole('status')
      .filter({ hasText: /^Already saved on \w+ \d{1,2}, \d{4}$/ })
      .waitFor();
    const card = popup.getByRole('article', { name: 'Saved link' });
    await expect(card.getByText('Local article: reading-list', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByText(`${testSiteArticle.readingMinutes} min read`).isVisible()).resolves.toBe(true);
    await expect(popup.getByRole('textbox', { name: 'Notes' }).inputValue()).resolves.toBe('For the weekend');
    await expect(popup.getByRole('button', { name: 'Article' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(popup.getByRole('button', { name: 'Undo' }).count()).resolves.toBe(0);
    await expect((await api('/api/links/today')).json()).resolves.toHaveLength(1);
  });

  it("keeps notes past the limit with the rule's message, and Undo deletes the link just saved", async () => {
    const popup = await popupOver(await openArticle('to-undo'));
    await popup.getByRole('status').filter({ hasText: 'Saved to your Stash' }).waitFor();
    const saved = await (await api('/api/links/today')).json();
    expect(saved.map((link: { url: string }) => link.url)).toContain(`${site.url}/to-undo`);

    // No maxLength: the text stays whole, a counter and the rule's message say what to do.
    const notes = popup.getByRole('textbox', { name: 'Notes' });
    await notes.fill('x'.repeat(2001));
    await popup.getByText('2,001 / 2,000').waitFor();
    await popup.getByText('Notes must be at most 2,000 characters').waitFor();
    await popup.getByRole('button', { name: 'Save changes' }).click();
    await expect(notes.inputValue()).resolves.toHaveLength(2001);
    await expect(notes.getAttribute('aria-invalid')).resolves.toBe('true');

    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByRole('status').filter({ hasText: 'Removed from your Stash. The link you just saved is deleted.' }).waitFor();
    await expect(popup.getByRole('article', { name: 'Saved link' }).count()).resolves.toBe(0);
    await expect(popup.getByRole('button', { name: 'Undo' }).count()).resolves.toBe(0);
    const today = await (await api('/api/links/today')).json();
    expect(today.map((link: { url: string }) => link.url)).toEqual([`${site.url}/reading-list`]);
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
    await browser.serviceWorker.evaluate(
      (serverUrl) => chrome.storage.local.set({ serverUrl, token: 'stash_AAAAAAAAAAAAAAAAAAAAAA' }),
      `http://127.0.0.1:${closedPort}`,
    );
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

describe.skipIf(!e2eEnabled)('the default build of the browser extension', () => {
  let server: RunningServer;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchWithExtension(null)]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks for the server: the popup sends to the options, whose field is empty, labelled and explained', async () => {
    const popup = await browser.openPopup();
    const alert = popup.getByRole('alert');
    await alert.getByText('Choose your Stash server').waitFor();
    await expect(alert.getByRole('button', { name: 'Open the options' }).isVisible()).resolves.toBe(true);

    const options = await browser.context.newPage();
    await options.goto(browser.extensionUrl('options.html'));
    const field = options.getByRole('textbox', { name: 'Stash server' });
    await expect(field.inputValue()).resolves.toBe('');
    await expect(field.getAttribute('placeholder')).resolves.toBeNull();
    await expect(
      field.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent),
    ).resolves.toMatch(/^The address you open Stash at in your browser/);
    await expect(options.content()).resolves.not.toContain('stash.example');
    await checkA11y(options);
  });

  it('ends an unanswered permission prompt with a message, and keeps no server', async () => {
    const options = await browser.context.newPage();
    // The page's own clock, moved past the options page's 30 s wait for the prompt instead of waiting it out.
    await options.clock.install();
    await options.goto(browser.extensionUrl('options.html'));
    await options.getByRole('textbox', { name: 'Stash server' }).fill(server.url);
    await options.getByRole('button', { name: 'Save' }).click();
    // Headless Chromium shows the prompt to no one: it is never answered.
    const host = new URL(server.url).host;
    await options
      .getByRole('status')
      .filter({ hasText: `If your browser asks, allow the extension to reach ${host}.` })
      .waitFor();
    await options.clock.fastForward(PROMPT_WAIT_MS);
    await options
      .getByRole('alert')
      .filter({ hasText: `No answer came from your browser's permission prompt for ${host}. Until then it cannot save anything.` })
      .waitFor({ timeout: 45_000 });
    await expect(options.getByRole('button', { name: 'Save' }).isEnabled()).resolves.toBe(true);
    const stored = await browser.serviceWorker.evaluate(() => chrome.storage.local.get('serverUrl'));
    expect(stored.serverUrl).toBeUndefined();
  }, 60_000);

  it('says the extension may not reach a server whose permission it lacks, instead of trying', async () => {
    await browser.serviceWorker.evaluate((serverUrl) => chrome.storage.local.set({ serverUrl }), server.url);
    await Promise.all(browser.context.pages().map((page) => page.close()));
    await (await browser.context.newPage()).bringToFront();
    const popup = await browser.openPopup();
    const alert = popup.getByRole('alert');
    await alert.getByText(`Stash may not reach ${new URL(server.url).host}`).waitFor();
    await alert
      .getByText('The extension has no permission to reach your Stash server. Open the options and press Save to allow it.')
      .waitFor();
    await expect(alert.getByRole('button', { name: 'Open the options' }).isVisible()).resolves.toBe(true);
  });
});
