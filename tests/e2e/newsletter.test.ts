import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSendAfter } from '../../src/shared/digest-schedule';
import { nextDigestText } from '../../src/web/newsletter/next-digest-time';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { saveLinkAs, setAccount, signUpForTrial, sql } from '../support/browser-accounts';
import { checkA11yAtRest, newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * Settings → Newsletter (docs/product/digests.md, Newsletter settings) against the built server and a
 * real SMTP server: a schedule set, its next digest and preview, Send now, the digest in the inbox,
 * its unsubscribe link; and what a free account may not choose.
 */

// Free, Pro and suppressed accounts are made by changing rows, which needs the server's own database.
const ownDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (e2eEnabled && !ownDatabase) {
  process.stderr.write(
    'Skipping the free, Pro and bounced-address journeys of newsletter.test.ts: they change rows in the ' +
      "server's database, which needs TEST_DATABASE_URL (the embedded database serves a single session).\n",
  );
}

describe.skipIf(!e2eEnabled)('the newsletter', () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: SmtpSink;
  const pages = watchPages();

  beforeAll(async () => {
    sink = await startSmtpSink();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: sink.url }), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await newCspReportingContext(browser, options);
    context.setDefaultTimeout(10_000);
    return context;
  }

  const visit = (context: BrowserContext, path: string) => pages.open(context, server.url + path);

  const frequency = (page: Page, name: string) => page.getByRole('radio', { name: new RegExp(`^${name}\\b`) });
  const settingsForm = (page: Page) => page.getByRole('form', { name: 'Newsletter settings' });

  it('sets a schedule, shows the next digest, sends it now, and unsubscribes from the e-mail in one click', async () => {
    // The browser lives in New York; the account still has the server's default zone.
    const context = await newContext({ timezoneId: 'America/New_York' });
    const nina = await signUpForTrial(context, server.url, 'Nina', 'UTC', sink);
    await saveLinkAs(context, server.url, { url: 'https://example.com/slow-web', title: 'The slow web', notes: 'Read on Sunday' });
    await saveLinkAs(context, server.url, { url: 'https://example.org/tides', title: 'How tides work' });

    const page = await visit(context, '/settings?tab=newsletter');
    const form = settingsForm(page);
    await form.waitFor();
    await expect(page.getByRole('tab', { name: 'Newsletter', selected: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('America/New_York');
    await page.getByText('Your digests are now scheduled in UTC. Save to use America/New_York.').waitFor();
    await expect(frequency(page, 'Daily').isChecked()).resolves.toBe(true);

    // The keyboard moves through the choices; a custom schedule without a day is incomplete.
    await frequency(page, 'Daily').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(frequency(page, 'Custom').isChecked()).resolves.toBe(true);
    await page.getByRole('checkbox', { name: 'Friday' }).uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('Please complete all required fields for your selected email frequency').waitFor();

    // A trial chooses days and times, but one digest a day: several are Pro.
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByLabel('Monday time').selectOption({ label: '7:00 AM' });
    await page.getByRole('checkbox', { name: 'Thursday' }).check();
    await page.getByLabel('Thursday time').selectOption({ label: '8:00 PM' });
    await expect(form.getByText('Several digests on one day').textContent()).resolves.toContain('Pro feature');
    await expect(form.getByRole('button', { name: /^Add a time/ }).count()).resolves.toBe(0);
    await page.getByLabel('Time zone').fill('Asia/Kolkata');
    await checkA11yAtRest(page);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastText(page, 'Email settings updated').waitFor();

    // The next digest, in the chosen zone, and the digest itself as it will be sent.
    const schedule = {
      frequency: 'custom',
      time: 8,
      days: [1, 4],
      hours: { '1': 7, '4': 20 },
      repeatUnit: 'week',
      repeatInterval: 1,
    } as const;
    const expectedNext = nextDigestText(
      nextSendAfter({ ...schedule, days: [1, 4] }, 'Asia/Kolkata', new Date())!.toISOString(),
      'Asia/Kolkata',
    );
    await page.getByText(`Next digest: ${expectedNext}`).waitFor();
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('Asia/Kolkata');
    const preview = page.frameLocator('iframe[title="Preview of your next digest"]');
    await preview.getByRole('link', { name: 'The slow web' }).waitFor();
    await expect(preview.getByRole('link', { name: 'How tides work' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/^Your Stash digest · /).isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Send now' }).click();
    await toastText(page, 'Success!').waitFor();
    await expect(toastText(page, `Your digest with 2 links is on its way to ${nina.email}.`).isVisible()).resolves.toBe(true);

    // It arrives with both parts, the links and a one-click unsubscribe.
    const digestFor = () =>
      sink.messages.find(
        (mail) => mail.to && JSON.stringify(mail.to).includes(nina.email) && mail.subject?.startsWith('Your Stash digest'),
      );
    await expect.poll(digestFor, { timeout: 15_000 }).toBeTruthy();
    const digest = digestFor()!;
    expect(digest.text).toContain('The slow web');
    expect(digest.text).toContain('How tides work');
    expect(digest.html).toContain('The slow web');
    const header = (name: string) => digest.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribeUrl = /Unsubscribe: (\S+)/.exec(digest.text ?? '')![1];
    expect(header('list-unsubscribe')?.startsWith(`List-Unsubscribe: <${unsubscribeUrl}>, <mailto:`)).toBe(true);

    await page.goto(unsubscribeUrl);
    await page.getByRole('heading', { name: 'Unsubscribe from your Stash digests?' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();

    // Back in Settings: digests are off and nothing is scheduled.
    await settingsForm(page).waitFor();
    await expect(frequency(page, 'None').isChecked()).resolves.toBe(true);
    await page.getByText('No digest is scheduled.').waitFor();
    await checkA11yAtRest(page);
    expect(pages.problems).toEqual([]);
    await context.close();
  });

  it.skipIf(!ownDatabase)('shows a free account the Friday digest and locks the Pro choices', async () => {
    const context = await newContext();
    const fred = await signUpForTrial(context, server.url, 'Fred', 'UTC', sink);
    await setAccount(server.databaseUrl!, fred.email, { accountType: 'free', trialEndsAt: null });
    const page = await visit(context, '/settings?tab=newsletter');
    await settingsForm(page).waitFor();

    await expect(frequency(page, 'Weekly').isChecked()).resolves.toBe(true);
    for (const name of ['Daily', 'Custom']) {
      await expect(frequency(page, name).isDisabled()).resolves.toBe(true);
      await expect(
        page
          .locator('label')
          .filter({ has: frequency(page, name) })
          .textContent(),
      ).resolves.toContain('Pro feature');
    }
    await expect(settingsForm(page).getByText('Your digest arrives on Fridays at 9:00 AM.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('combobox', { name: 'Day' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Send now' }).isDisabled()).resolves.toBe(true);
    await checkA11yAtRest(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkA11y(page);

    // Turning digests off is everyone's choice.
    await frequency(page, 'None').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastText(page, 'Email settings updated').waitFor();
    await page.getByText('No digest is scheduled.').waitFor();
    expect(pages.problems).toEqual([]);
    await context.close();
  });

  it.skipIf(!ownDatabase)('lets a Pro account send several digests on one day', async () => {
    const context = await newContext();
    const paz = await signUpForTrial(context, server.url, 'Paz', 'Europe/Berlin', sink);
    await setAccount(server.databaseUrl!, paz.email, { accountType: 'pro', trialEndsAt: null });
    const page = await visit(context, '/settings?tab=newsletter');
    await frequency(page, 'Custom').check();
    await page.getByRole('checkbox', { name: 'Friday' }).uncheck();
    await page.getByRole('checkbox', { name: 'Tuesday' }).check();
    await page.getByLabel('Tuesday time').selectOption({ label: '7:00 AM' });
    await page.getByRole('button', { name: 'Add a time on Tuesday' }).click();
    await page.getByLabel('Tuesday time 2').selectOption({ label: '6:00 PM' });
    await page.getByLabel('Every', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastText(page, 'Email settings updated').waitFor();

    await page.reload();
    await expect(frequency(page, 'Custom').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Tuesday time 1').inputValue()).resolves.toBe('7');
    await expect(page.getByLabel('Tuesday time 2').inputValue()).resolves.toBe('18');
    await expect(page.getByLabel('Every', { exact: true }).inputValue()).resolves.toBe('2');
    await page.getByRole('button', { name: 'Remove Tuesday 6:00 PM' }).click();
    await expect(page.getByLabel('Tuesday time', { exact: true }).inputValue()).resolves.toBe('7');
    await checkA11yAtRest(page);
    expect(pages.problems).toEqual([]);
    await context.close();
  });

  it.skipIf(!ownDatabase)('says when digests stopped because the address bounced, and how to fix it', async () => {
    const context = await newContext();
    const bea = await signUpForTrial(context, server.url, 'Bea', 'UTC', sink);
    await sql(server.databaseUrl!, 'update users set mail_suppressed_at = now(), next_digest_at = null where email = $1', [bea.email]);
    const page = await visit(context, '/settings?tab=newsletter');

    const notice = page.getByRole('region', { name: 'Digests are paused' });
    await notice.getByText('Your email address bounced, so we stopped sending to it.', { exact: false }).waitFor();
    await expect(notice.getByRole('link', { name: 'Change your email address' }).getAttribute('href')).resolves.toBe(
      '/settings?tab=profile',
    );
    await page.getByText('No digest is scheduled.').waitFor();
    await expect(page.getByRole('button', { name: 'Send now' }).isDisabled()).resolves.toBe(true);
    await checkA11yAtRest(page);
    await notice.getByRole('link', { name: 'Change your email address' }).click();
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(pages.problems).toEqual([]);
    await context.close();
  });
});
