import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnabled, launchBrowser } from '../support/browser';
import { newCspReportingContext, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

describe.skipIf(!e2eEnabled)('the API documentation page', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  // No exception: every console error fails the suite, a CSP violation among them.
  const pages = watchPages();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newCspReportingContext(browser);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows every route of the API under the CSP, with nothing blocked and no error logged', async () => {
    const page = await pages.open(context, `${server.url}/api/docs`);
    await page.getByRole('heading', { name: /Stash API/ }).waitFor();
    await page.getByText('/api/links', { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(pages.problems).toEqual([]);
  });
});
