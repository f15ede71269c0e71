import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { signUpForTrial, type Account } from '../support/browser-accounts';
import { checkA11yAtRest, newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * Forms that never lose work (docs/product/links.md: length counters and messages, the text kept;
 * the URL rules in the form) and /email-test (docs/product/admin.md, Test e-mail).
 */

describe.skipIf(!e2eEnabled)('forms', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let account: Account;
  const pages = watchPages([/status of 40[13]/]);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newCspReportingContext(browser);
    // Signing up hashes a password: slow on a loaded machine.
    context.setDefaultTimeout(120_000);
    account = await signUpForTrial(context, server.url, 'Fern');
    context.setDefaultTimeout(30_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const visit = (path: string) => pages.open(context, server.url + path);
  const notes = (page: Page) => page.getByLabel('Notes', { exact: true });

  it('counts near the notes limit, says the rule past it, and keeps every character', async () => {
    const page = await visit('/dashboard');
    await page.getByLabel('URL', { exact: true }).fill('ftp://example.com/file');
    await page.getByRole('button', { name: 'Save Link' }).click();
    await page.getByText('Please enter a valid website address').waitFor();

    await page.getByLabel('URL', { exact: true }).fill('example.com/long-notes');
    await notes(page).fill('a'.repeat(1_500));
    await expect(page.getByText('/ 2,000').count()).resolves.toBe(0);
    await notes(page).fill('a'.repeat(1_850));
    await page.getByText('1,850 / 2,000').waitFor();

    const tooLong = `${'b'.repeat(2_000)}cdefghijkl`;
    await notes(page).fill(tooLong);
    await page.getByText('Notes must be at most 2,000 characters').waitFor();
    await page.getByText('2,010 / 2,000').waitFor();
    await expect(notes(page).getAttribute('aria-invalid')).resolves.toBe('true');
    await checkA11y(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkA11y(page);
    await page.emulateMedia({ colorScheme: 'light' });

    // Save Link does not save, says why once, and the text is all still there to shorten.
    await page.getByRole('button', { name: 'Save Link' }).click();
    await expect.poll(() => notes(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(page.getByText('Notes must be at most 2,000 characters').count()).resolves.toBe(1);
    await expect(notes(page).inputValue()).resolves.toBe(tooLong);
    await expect(page.getByRole('region', { name: "Today's links" }).getByText('No links saved today').isVisible()).resolves.toBe(true);

    await notes(page).press('End');
    for (let i = 0; i < 10; i++) await notes(page).press('Backspace');
    await expect(page.getByText('Notes must be at most 2,000 characters').count()).resolves.toBe(0);
    await page.getByText('2,000 / 2,000').waitFor();
    await page.getByRole('button', { name: 'Save Link' }).click();
    await toastText(page, 'Link saved successfully!').waitFor();
    // The form starts over, and so does its counter.
    await expect(notes(page).inputValue()).resolves.toBe('');
    await expect(page.getByText('/ 2,000').count()).resolves.toBe(0);
    await page.close();
  }, 180_000);

  it('keeps a category name past the limit and says so, in the dialog and in Settings', async () => {
    const page = await visit('/dashboard');
    await page.getByLabel('URL', { exact: true }).fill('example.com/categories');
    await page.getByRole('button', { name: 'Create new category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new category' });
    const name = 'c'.repeat(55);
    await dialog.getByLabel('Category Name').fill(name);
    await dialog.getByText('Category names must be at most 50 characters').waitFor();
    await dialog.getByText('55 / 50').waitFor();
    await expect(dialog.getByLabel('Category Name').inputValue()).resolves.toBe(name);
    await checkA11yAtRest(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.close();

    const settings = await visit('/settings?tab=categories');
    await settings.getByLabel('Category name').fill(name);
    await settings.getByText('Category names must be at most 50 characters').waitFor();
    await expect(settings.getByLabel('Category name').inputValue()).resolves.toBe(name);
    await settings.close();
  }, 180_000);

  it("does not search My Stash past the search's limit, and says why", async () => {
    const page = await visit('/history');
    const search = page.getByRole('searchbox', { name: 'Search your stash' });
    await search.fill('word '.repeat(42));
    await page.getByText('Search text must be at most 200 characters').waitFor();
    await expect(search.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.url()).not.toContain('q=');
    await page.close();
  });

  it('sends a test e-mail from /email-test to a signed-in user, and says when it cannot', async () => {
    const page = await visit('/email-test');
    await page.getByRole('heading', { level: 1, name: 'Email Test' }).waitFor();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email.inputValue()).resolves.toBe(account.email);
    await checkA11y(page);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await toastText(page, 'Email sent!').waitFor();

    // Only one's own address (an administrator may use any): the error toast of docs/product/admin.md, Test e-mail.
    await email.fill('someone-else@example.com');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await toastText(page, 'Error sending email').waitFor();
    await page.close();

    const stranger = await newCspReportingContext(browser);
    const signedOut = await stranger.newPage();
    await signedOut.goto(`${server.url}/email-test`);
    await signedOut.waitForURL((url) => url.pathname === '/auth');
    await stranger.close();
  });

  it('had no console errors or CSP violations', () => {
    expect(pages.problems).toEqual([]);
  });
});
