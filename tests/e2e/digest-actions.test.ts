import type { ParsedMail } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnabled, launchBrowser } from '../support/browser';
import { saveLinkAs, signUpForTrial, sql } from '../support/browser-accounts';
import { newCspReportingContext, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * docs/product/digests.md, One-tap actions: one tap from the inbox, without signing in. A digest arrives over SMTP, its
 * Snooze is confirmed on a page of its own, the link comes back in the next digest's "From your
 * stash", its Mark read is confirmed, and My Stash shows it read; Undo makes it unread again.
 */

// "Send now" waits 5 minutes between digests; the journey resets that in the server's own database.
const ownDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (e2eEnabled && !ownDatabase)
  process.stderr.write('Skipping digest-actions.test.ts: it needs TEST_DATABASE_URL to send two digests in a row.\n');

describe.skipIf(!e2eEnabled || !ownDatabase)('a digest’s one-tap actions', () => {
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

  async function sendDigestNow(
    context: Awaited<ReturnType<typeof newCspReportingContext>>,
    email: string,
    count: number,
  ): Promise<ParsedMail> {
    await sql(server.databaseUrl!, 'update users set last_manual_digest = null where lower(email) = lower($1)', [email]);
    const answer = await context.request.post(`${server.url}/api/send-digest-now`, { headers: { origin: server.url } });
    expect(answer.ok(), await answer.text()).toBe(true);
    const digests = () => sink.messages.filter((m) => JSON.stringify(m.to).includes(email) && m.subject?.includes('· '));
    for (const deadline = Date.now() + 15_000; digests().length < count && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 100));
    expect(digests()).toHaveLength(count);
    return digests()[count - 1];
  }

  /** The URL of an action under the item with this title, in the plain-text part. */
  function actionUrl(digest: ParsedMail, title: string, action: 'Snooze' | 'Mark read'): string {
    const item = (digest.text ?? '').split('\n\n').find((block) => block.startsWith(`${title}\n`));
    expect(item, `no item "${title}" in:\n${digest.text}`).toBeDefined();
    return new RegExp(`^${action}: (\\S+)$`, 'm').exec(item!)![1];
  }

  const stashSection = (digest: ParsedMail) => (digest.text ?? '').split('== From your stash ==')[1]?.split('\nOpen My Stash')[0] ?? '';

  it('snoozes a link from the inbox, brings it back in the next digest, and marks it read from there', { timeout: 120_000 }, async () => {
    const context = await newCspReportingContext(browser);
    context.setDefaultTimeout(30_000);
    const dana = await signUpForTrial(context, server.url, 'Dana', 'UTC', sink);
    await saveLinkAs(context, server.url, { url: 'https://example.com/tide-tables', title: 'Reading tide tables' });

    const first = await sendDigestNow(context, dana.email, 1);
    expect(stashSection(first)).not.toContain('Reading tide tables');

    // On a phone, each action is a target at least 24 px tall, apart from the next.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.setContent(first.html as string);
    const boxes = [];
    for (const name of ['Mark read', 'Snooze', 'Stop including'])
      boxes.push((await phone.getByRole('link', { name, exact: true }).first().boundingBox())!);
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(24);
    for (const [left, right] of [
      [boxes[0], boxes[1]],
      [boxes[1], boxes[2]],
    ])
      expect(right.x >= left.x + left.width + 4 || right.y >= left.y + left.height, JSON.stringify([left, right])).toBe(true);
    await phone.close();

    // A fresh browser: the links work without signing in. The GET only asks.
    const inbox = await newCspReportingContext(browser);
    inbox.setDefaultTimeout(30_000);
    const page = await pages.open(inbox, actionUrl(first, 'Reading tide tables', 'Snooze'));
    await page.getByRole('heading', { name: 'Snooze this link?' }).waitFor();
    await page.getByText('Reading tide tables').waitFor();
    await page.getByRole('button', { name: 'Snooze' }).click();
    await page.getByRole('heading', { name: 'Snoozed' }).waitFor();
    await page.getByText('“Reading tide tables” comes back in your next digest, under “From your stash”.').waitFor();

    await saveLinkAs(context, server.url, { url: 'https://example.com/new-one', title: 'Something new' });
    const second = await sendDigestNow(context, dana.email, 2);
    expect(stashSection(second)).toContain('Reading tide tables');

    await page.goto(actionUrl(second, 'Reading tide tables', 'Mark read'));
    await page.getByRole('heading', { name: 'Mark this link as read?' }).waitFor();
    await page.getByRole('button', { name: 'Mark read' }).click();
    await page.getByRole('heading', { name: 'Marked as read' }).waitFor();

    // "Open My Stash" leads to the signed-in app: in the user's own browser, the link shows read.
    const stash = await pages.open(context, `${server.url}/history`);
    await stash.getByRole('button', { name: 'Mark Reading tide tables as unread' }).waitFor();
    await stash.getByRole('button', { name: 'Mark Something new as read' }).waitFor();

    // The result page offers Undo: the link is unread again, as it was.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { name: 'Undone' }).waitFor();
    await page.getByText('“Reading tide tables” is back as it was.').waitFor();
    await stash.reload();
    await stash.getByRole('button', { name: 'Mark Reading tide tables as read' }).waitFor();
    await context.close();
    await inbox.close();
  });
});
