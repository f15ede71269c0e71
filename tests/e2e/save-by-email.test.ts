import { mkdir } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { signUpForTrial } from '../support/browser-accounts';
import { toastText } from '../support/e2e-pages';
import { findFreePort, startServer, type RunningServer } from '../support/server-process';

/* Settings → Import/Export, Save by e-mail: the address, a phone's share arriving over SMTP, a refusal, a new address. */

const DOMAIN = 'in.stash.test';
const WEBHOOK_TOKEN = 'inbound-webhook-token-for-e2e-0123456';
const SCREENSHOTS = 'test-results/save-by-email';

describe.skipIf(!e2eEnabled)('save by e-mail', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await findFreePort();
    [server, browser] = await Promise.all([
      startServer({ READ_PAGES: 'off', INBOUND_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: String(smtpPort), INBOUND_WEBHOOK_TOKEN: WEBHOOK_TOKEN }),
      launchBrowser(),
    ]);
    context = await browser.newContext();
    context.setDefaultTimeout(120_000);
    await signUpForTrial(context, server.url, 'Sasha');
    context.setDefaultTimeout(30_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const addressOn = (page: Page) => page.getByTitle('Your save-by-e-mail address');

  async function noSidewaysScroll(page: Page, name: string, lookAt: string) {
    await mkdir(SCREENSHOTS, { recursive: true });
    for (const width of [320, 390]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
        await page.getByRole('heading', { name: lookAt }).scrollIntoViewIfNeeded();
        // After the check, which waits out the colour transition.
        await checkA11y(page);
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}-${colorScheme}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('gives an address, lists what a phone sent and what was refused, and makes a new address', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/settings?tab=import-export`);
    await page.getByRole('heading', { name: 'Save by e-mail' }).waitFor();
    await page.getByRole('button', { name: 'Create my address' }).click();
    const address = (await addressOn(page).textContent())!;
    expect(address).toMatch(/^save\+[0-9a-f]{24}@in\.stash\.test$/);
    await page.getByText('No mail received yet.').waitFor();

    // A share from a phone, over SMTP to Stash's own listener; a mail without a link, through the webhook.
    const phone = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, tls: { rejectUnauthorized: false } });
    await phone.sendMail({
      from: 'Sasha <sasha@phone.example>',
      to: address,
      subject: 'Why slow websites lose readers',
      text: 'https://example.org/slow-sites\n\nSent from my iPhone',
    });
    const raw = [
      'From: sasha@phone.example',
      `To: ${address}`,
      'Subject: Lunch?',
      'Content-Type: text/plain',
      '',
      'Are we still on for lunch tomorrow?',
      '',
    ].join('\r\n');
    const posted = await context.request.post(`${server.url}/api/webhooks/inbound-mail`, {
      headers: { authorization: `Bearer ${WEBHOOK_TOKEN}`, 'content-type': 'message/rfc822' },
      data: Buffer.from(raw),
    });
    expect(posted.status()).toBe(200);

    await page.reload();
    const mails = page.getByRole('list', { name: 'Mails received' });
    await mails.getByText('Refused: no link found in this mail.').waitFor();
    await expect(mails.getByRole('listitem').count()).resolves.toBe(2);
    await expect(mails.getByRole('listitem').nth(1).textContent()).resolves.toMatch(
      /Why slow websites lose readers.*sasha@phone\.example.*Saved 1 link\..*DKIM none/,
    );
    await noSidewaysScroll(page, 'settings', 'Mails received');

    await page.goto(`${server.url}/history`);
    await page.getByRole('link', { name: 'Why slow websites lose readers' }).waitFor();

    await page.goto(`${server.url}/mobile-apps`);
    await expect(addressOn(page).textContent()).resolves.toBe(address);
    await noSidewaysScroll(page, 'mobile-apps', 'Save by e-mail');

    await page.goto(`${server.url}/settings?tab=import-export`);
    await page.getByRole('button', { name: 'Get a new address' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Get a new address' }).click();
    await toastText(page, 'New address ready').waitFor();
    await expect(addressOn(page).textContent()).resolves.not.toBe(address);
    await expect(
      phone.sendMail({ from: 'sasha@phone.example', to: address, subject: 'Old', text: 'https://example.org/old' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  }, 120_000);
});
