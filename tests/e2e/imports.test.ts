import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { signUpForTrial } from '../support/browser-accounts';
import { startServer, type RunningServer } from '../support/server-process';

/* Settings → Import/Export: a Pocket user brings their export in, finds it in My Stash, and takes it out again. */

/** A day as My Stash writes it ('MMMM d, yyyy'), in UTC, the journey account's time zone. */
const dayText = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(instant);

const MARCH_3_2021 = Date.UTC(2021, 2, 3, 12) / 1000;
const POCKET_CSV = [
  'title,url,time_added,cursor,tags,status',
  `"Bread, butter and ""jam""",https://bakery.example/bread,${MARCH_3_2021},c1,news|Baking ideas,unread`,
  `Café culture in Zürich,https://cafe.example/zurich,${MARCH_3_2021 + 60},c2,,archive`,
  `,https://untitled.example/page,${MARCH_3_2021 - 86_400},c3,video,unread`,
  `Not a web page,mailto:someone@example.com,${MARCH_3_2021},c4,,unread`,
  '',
].join('\n');

describe.skipIf(!e2eEnabled)('imports and exports', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ READ_PAGES: 'off' }), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toastText = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

  it('imports a Pocket CSV from Settings, shows it in My Stash with its dates and categories, and exports it', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    context.setDefaultTimeout(10_000);
    await signUpForTrial(context, server.url, 'Polly');
    const page = await context.newPage();
    await page.goto(`${server.url}/settings?tab=import-export`);
    await page.getByRole('heading', { name: 'Import links' }).waitFor();
    await page.getByText('Your stash is empty: an export would hold no links yet.').waitFor();
    await checkA11y(page);

    // The wrong kind of file is refused before anything is sent.
    await page.getByLabel('Export file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toastText(page, 'Please select a CSV file').waitFor();

    await expect(page.getByRole('radio', { name: /^Pocket/ }).isChecked()).resolves.toBe(true);
    await page.getByLabel('Export file').setInputFiles({ name: 'part_000000.csv', mimeType: 'text/csv', buffer: Buffer.from(POCKET_CSV) });
    await page.getByRole('button', { name: 'Import' }).click();
    await toastText(page, 'Import completed').waitFor();
    const result = page.getByRole('region', { name: 'Import finished' });
    await result.getByText('Imported 3 links; 1 row could not be imported.').waitFor();
    await expect(result.getByRole('listitem').allTextContents()).resolves.toEqual(['Line 5: Not an http(s) web address']);
    await checkA11y(page);

    await result.getByRole('link', { name: 'See them in My Stash' }).click();
    await page.waitForURL(`${server.url}/history`);
    const march3 = page.getByRole('region', { name: `${dayText(new Date(MARCH_3_2021 * 1000))} (2 links)` });
    await march3.getByRole('link', { name: 'Bread, butter and "jam"' }).waitFor();
    await expect(march3.getByText('Baking ideas').isVisible()).resolves.toBe(true);
    await expect(march3.getByRole('link', { name: 'Café culture in Zürich' }).isVisible()).resolves.toBe(true);
    const march2 = page.getByRole('region', { name: `${dayText(new Date((MARCH_3_2021 - 86_400) * 1000))} (1 link)` });
    await expect(march2.getByText('Video').first().isVisible()).resolves.toBe(true);

    // The archived link is read: the Unread filter leaves it out.
    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    await page.getByRole('navigation', { name: 'Pagination' }).getByText('Showing 1-2 of 2 links').waitFor();

    await page.goto(`${server.url}/settings?tab=import-export`);
    await page.getByText('3 links in your stash.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download JSON' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^stash-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported.links.map((link: { url: string; read: boolean }) => [link.url, link.read])).toEqual([
      ['https://cafe.example/zurich', true],
      ['https://bakery.example/bread', false],
      ['https://untitled.example/page', false],
    ]);
    await context.close();
  });
});
