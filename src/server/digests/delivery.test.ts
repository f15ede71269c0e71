import { generateKeyPairSync } from 'node:crypto';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { authenticate } from 'mailauth';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentHourSlot, dueDaily, nextDailyWake, runDigestJobs, sendsOf } from '../../../tests/support/digests';
import { e2eEnabled, launchBrowser } from '../../../tests/support/browser';
import { linkToken, OWN_ORIGIN, TEST_PASSWORD, waitForMail } from '../../../tests/support/factories';
import { createLinks, reloadUser, signedInUser } from '../../../tests/support/links';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { eq } from 'drizzle-orm';
import { links, mailEvents, mailOutbox } from '../db/schema';
import { deliverMailJob } from '../mail/deliver-job';
import { sendMail } from '../mail/outbox';
import { sweepDigests } from './sweep-job';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let sink: SmtpSink;
let t: TestApp;
let dkimTxt: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  dkimTxt = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  t = await startTestApp({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Stash <digest@stash.example>',
      DKIM_DOMAIN: 'stash.example',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      DIGEST_SEND_RATE: '100000',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const receivedBy = (to: string): ParsedMail[] => sink.messages.filter((m) => !Array.isArray(m.to) && m.to?.text === to);
/** A header line as received, unfolded (long lines are folded onto several). */
const rawHeader = (message: ParsedMail, name: string) =>
  message.headerLines.find((h) => h.key === name)?.line.replace(/\r\n(?=[ \t])/g, '');

/** Sweep and run the send jobs, as the cron and the workers would. */
async function sweepAndSend(): Promise<void> {
  await sweepDigests(t.ctx);
  await runDigestJobs(t);
}

describe('a scheduled digest, end to end through SMTP', () => {
  it('goes out once with both parts, the list headers, a date in the subject and a DKIM signature that verifies', async () => {
    const slot = currentHourSlot();
    const { user } = await signedInUser(t, 'trial', dueDaily(slot));
    await createLinks(t.ctx, user, [
      {
        title: 'Older article',
        url: 'https://news.example/a',
        category: 'Article',
        categories: ['Article', 'News'],
        notes: 'Read this\nslowly',
        createdAt: new Date(slot.getTime() - 3 * HOUR_MS),
      },
      {
        title: null,
        url: 'https://www.video.example/watch',
        category: 'Video',
        categories: ['Video'],
        createdAt: new Date(slot.getTime() - HOUR_MS),
      },
      {
        title: 'Middle article',
        url: 'https://news.example/b',
        category: 'Article',
        categories: ['Article'],
        createdAt: new Date(slot.getTime() - 2 * HOUR_MS),
      },
      { title: 'Not for the newsletter', includeInNewsletter: false, createdAt: new Date(slot.getTime() - HOUR_MS) },
      { title: 'Saved after the slot', createdAt: new Date(slot.getTime() + 1000) },
    ]);
    await createLinks(t.ctx, (await signedInUser(t, 'trial')).user, [
      { title: 'Someone else’s', createdAt: new Date(slot.getTime() - HOUR_MS) },
    ]);

    await sweepAndSend();
    await sweepAndSend();

    const [message] = receivedBy(user.email);
    expect(receivedBy(user.email)).toHaveLength(1);
    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(slot);
    const time = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(slot).replace(/\s/g, ' ');
    expect(message.subject).toBe(`Your Stash digest · ${day}, ${time}`);

    // The link with notes first ("Start with this one"), then the rest newest first, grouped by
    // category in the order of each group's newest link; a link without a title shows its site and path.
    const html = (message.html as string).replaceAll('\u200b', '');
    const body = html.slice(html.indexOf('<h1'));
    const order = ['Start with this one', 'Older article', 'video.example/watch', 'Middle article'].map((text) => body.indexOf(text));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]))).toBe(true);
    expect(html.indexOf('>Video<')).toBeLessThan(html.indexOf('>Article<'));
    expect(html).not.toContain('Not for the newsletter');
    expect(html).not.toContain('Saved after the slot');
    expect(html).not.toContain('Someone else');
    expect(html).toContain('Read this<br/>slowly');
    expect(html).toContain('Article, News');
    expect(html).toContain('View in your browser');
    expect(html).toContain('>Unsubscribe</a>');

    // Every link in the plain-text part, through its signed redirect.
    const text = message.text as string;
    for (const title of ['Middle article', 'Older article', 'video.example/watch']) expect(text).toContain(title);
    expect(text).not.toContain('https://www.video.example/watch');
    expect(text.match(/http:\/\/localhost:3000\/api\/digest\/open\/[\w-]+/g)).toHaveLength(3);
    expect(text).toContain('Your notes: Read this\nslowly');
    expect(text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\/[\w-]+/);
    expect(text).not.toMatch(/<[a-z]/i);

    const unsubscribe = /Unsubscribe: (\S+)/.exec(text)![1];
    expect(rawHeader(message, 'list-unsubscribe')).toMatch(
      new RegExp(`^List-Unsubscribe: <${unsubscribe}>, ?<mailto:unsubscribe@stash\\.example\\?subject=unsubscribe%20[\\w-]+>$`),
    );
    expect(rawHeader(message, 'feedback-id')).toBe('Feedback-ID: digest:stash:stash.example');
    expect(rawHeader(message, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(rawHeader(message, 'list-id')).toMatch(/^List-Id: Stash digest <digest\.localhost>$/i);

    const checked = doIUseEmail(html, { emailClients: ['gmail.*', 'outlook.*', 'apple-mail.*'] });
    expect(checked.success, JSON.stringify(checked)).toBe(true);
    expect(Buffer.byteLength(html)).toBeLessThan(102 * 1024);

    const raw = sink.rawMessages[sink.messages.indexOf(message)];
    const { dkim } = await authenticate(raw, {
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: 'digest@stash.example',
      mta: 'mx.test',
      resolver: async (name, type) => {
        if (name === 'mail2026._domainkey.stash.example' && type === 'TXT') return [[dkimTxt]];
        throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
      },
    });
    expect(dkim.results[0].status.result).toBe('pass');
    expect(rawHeader(message, 'dkim-signature')).toMatch(/h=[^;]*list-unsubscribe-post/i);

    const [send] = await sendsOf(t.ctx, user.id);
    expect(send).toMatchObject({ scheduledFor: slot, status: 'sent', linkCount: 3, attempts: 1 });
    const after = await reloadUser(t.ctx, user.id);
    expect(after.lastDigestSentAt).toEqual(slot);
    expect(after.nextDigestAt).toEqual(nextDailyWake(slot));
  });

  it('with nothing new, sends "From your stash": unread links saved 30 days ago or more, oldest first; with none of those, nothing', async () => {
    const slot = currentHourSlot();
    const since = new Date(slot.getTime() - DAY_MS);
    const daysAgo = (days: number) => new Date(slot.getTime() - days * DAY_MS);

    const pro = (await signedInUser(t, 'pro', { ...dueDaily(slot), lastDigestSentAt: since })).user;
    await createLinks(t.ctx, pro, [
      ...Array.from({ length: 5 }, (_, i) => ({ title: `Unread ${i}`, createdAt: daysAgo(31 + i) })),
      { title: 'Read already', readAt: new Date(), createdAt: daysAgo(90) },
      { title: 'Too recent', createdAt: daysAgo(10) },
    ]);
    const quiet = (await signedInUser(t, 'trial', { ...dueDaily(slot), lastDigestSentAt: since })).user;
    await createLinks(t.ctx, quiet, [{ title: 'Saved last week', createdAt: daysAgo(7) }]);

    await sweepAndSend();

    const [resurfaced] = receivedBy(pro.email);
    expect(resurfaced.subject).toMatch(/^From your stash · /);
    expect((resurfaced.text as string).match(/^Unread \d$/gm)).toEqual(['Unread 4', 'Unread 3', 'Unread 2']);
    expect(resurfaced.text).not.toContain('Read already');
    expect(resurfaced.text).not.toContain('Too recent');
    // Shown once, they make way for others in the next digests.
    const marked = await t.ctx.database.db
      .select({ title: links.title, resurfacedAt: links.resurfacedAt })
      .from(links)
      .where(eq(links.userId, pro.id));
    expect(
      marked
        .filter((link) => link.resurfacedAt)
        .map((link) => [link.title, link.resurfacedAt])
        .sort(),
    ).toEqual([
      ['Unread 2', slot],
      ['Unread 3', slot],
      ['Unread 4', slot],
    ]);
    expect(receivedBy(quiet.email)).toHaveLength(0);
    expect(await sendsOf(t.ctx, quiet.id)).toMatchObject([{ status: 'skipped', error: 'nothing new', outboxId: null }]);
  });

  it.each([
    ['long notes', 'A long note. '.repeat(150), 'Long read'],
    ['Japanese', '日本語のメモです。あとで読むために保存しました。'.repeat(40), '長い記事'],
  ])(
    'keeps the whole message as sent under 100 KB with %s, saying how many more are in My Stash, the unsubscribe footer inside',
    async (_name, notes, title) => {
      const slot = currentHourSlot();
      const { user } = await signedInUser(t, 'pro', dueDaily(slot));
      await createLinks(
        t.ctx,
        user,
        Array.from({ length: 90 }, (_, i) => ({ title: `${title} ${i}`, notes, createdAt: new Date(slot.getTime() - (i + 1) * 60_000) })),
      );

      await sweepAndSend();

      const [message] = receivedBy(user.email);
      const raw = sink.rawMessages[sink.messages.indexOf(message)];
      expect(raw.length).toBeLessThan(100 * 1024);
      const [send] = await sendsOf(t.ctx, user.id);
      expect(send.linkCount).toBeGreaterThan(0);
      expect(send.linkCount).toBeLessThan(90);
      expect(message.html).toContain(`and ${90 - send.linkCount} more in My Stash`);
      expect(message.html).toContain('>Unsubscribe</a>');
      expect(message.text).toContain(`and ${90 - send.linkCount} more in My Stash: http://localhost:3000/history`);
      expect(message.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\/[\w-]+/);
      expect((message.text as string).match(new RegExp(`^${title} \\d+$`, 'gm'))).toHaveLength(send.linkCount);
    },
  );

  it.skipIf(!e2eEnabled)('wraps a long URL on a 320 px phone: no sideways scrolling', async () => {
    const slot = currentHourSlot();
    const { user } = await signedInUser(t, 'trial', dueDaily(slot));
    const url = `https://www.example.com/a/very/long/path/${'segment-'.repeat(12)}index.html?utm_source=newsletter&ref=${'x'.repeat(60)}`;
    await createLinks(t.ctx, user, [{ title: null, url, notes: `See ${url}`, createdAt: new Date(slot.getTime() - HOUR_MS) }]);
    await sweepAndSend();
    const [message] = receivedBy(user.email);

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
      await page.setContent(message.html as string);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    } finally {
      await browser.close();
    }
  });

  it('puts no unsubscribe headers on transactional mail', async () => {
    const { user } = await signedInUser(t, 'trial');
    await sendMail(t.ctx, { userId: user.id, to: user.email, template: 'test', props: { appUrl: t.ctx.config.appUrl } });
    await runMailJobs();
    const [message] = receivedBy(user.email);
    expect(rawHeader(message, 'list-unsubscribe')).toBeUndefined();
    expect(rawHeader(message, 'list-unsubscribe-post')).toBeUndefined();
  });
});

describe('bounces', () => {
  it('suppresses an address the server refuses (5xx on the recipient) until the user changes it', async () => {
    const slot = currentHourSlot();
    const { user, headers } = await signedInUser(t, 'trial', dueDaily(slot));
    await createLinks(t.ctx, user, [{ title: 'Will bounce', createdAt: new Date(slot.getTime() - HOUR_MS) }]);
    sink.rejectRecipient(user.email);

    await sweepAndSend();

    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'failed' }]);
    const suppressed = await reloadUser(t.ctx, user.id);
    expect(suppressed).toMatchObject({ mailSuppressedReason: 'bounce', nextDigestAt: null });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect(me.json().mailSuppressedAt).toBe(suppressed.mailSuppressedAt!.toISOString());

    // The scheduler leaves the user alone, then picks them up again once the address changes.
    await sweepDigests(t.ctx);
    expect((await reloadUser(t.ctx, user.id)).nextDigestAt).toBeNull();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...headers, ...OWN_ORIGIN },
      payload: { firstName: 'Test', lastName: 'User', email: `new-${user.email}`, currentPassword: TEST_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    // The new address counts once its own verification link is opened.
    const confirm = await waitForMail(t.ctx, `new-${user.email}`, 'verify-email');
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${linkToken(confirm)}` })).statusCode).toBe(200);
    expect((await reloadUser(t.ctx, user.id)).mailSuppressedAt).toBeNull();
    await sweepDigests(t.ctx);
    expect((await reloadUser(t.ctx, user.id)).nextDigestAt).toEqual(nextDailyWake(slot));
  });

  it('never suppresses anyone for a relay refusal (5.7.1): retried, and counted for the operator', async () => {
    const slot = currentHourSlot();
    const { user } = await signedInUser(t, 'trial', dueDaily(slot));
    await createLinks(t.ctx, user, [{ title: 'Refused by the relay', createdAt: new Date(slot.getTime() - HOUR_MS) }]);
    sink.rejectRecipient(user.email, { code: 554, text: `5.7.1 <${user.email}>: Relay access denied` });

    await sweepAndSend();

    expect(await reloadUser(t.ctx, user.id)).toMatchObject({ mailSuppressedAt: null, mailSuppressedReason: null });
    const [send] = await sendsOf(t.ctx, user.id);
    expect(send.status).toBe('sending');
    const [mail] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, send.outboxId!));
    expect(mail).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await t.ctx.database.db.select().from(mailEvents).where(eq(mailEvents.outboxId, mail.id))).toMatchObject([{ kind: 'refusal' }]);

    // The relay lets it through once its rule is fixed: the retry delivers it.
    sink.acceptRecipient(user.email);
    await t.ctx.database.pool.query(`update pgboss.job set start_after = now() where name = 'mail.deliver'`);
    await runMailJobs();
    await sweepDigests(t.ctx);
    expect(receivedBy(user.email)).toHaveLength(1);
    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('retries a 4xx through the outbox, and the send follows its message to sent', async () => {
    const slot = currentHourSlot();
    const { user } = await signedInUser(t, 'trial', dueDaily(slot));
    await createLinks(t.ctx, user, [{ title: 'Try again later', createdAt: new Date(slot.getTime() - HOUR_MS) }]);
    sink.failNext(451);

    await sweepAndSend();
    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'sending' }]);
    expect(receivedBy(user.email)).toHaveLength(0);

    // The retry waits 30 s; the test does not.
    await t.ctx.database.pool.query(`update pgboss.job set start_after = now() where name = 'mail.deliver'`);
    await runMailJobs();
    await sweepDigests(t.ctx);
    expect(receivedBy(user.email)).toHaveLength(1);
    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'sent', error: null }]);
  });
});

/** Runs the mail.deliver jobs waiting now, as a worker would. */
async function runMailJobs(): Promise<void> {
  for (
    let jobs = await t.boss.fetch<{ outboxId: string }>('mail.deliver', { batchSize: 50 });
    jobs.length > 0;
    jobs = await t.boss.fetch('mail.deliver', { batchSize: 50 })
  ) {
    for (const job of jobs) await deliverMailJob.handler(job.data, t.ctx, { retryCount: 0 });
    await t.boss.complete(
      'mail.deliver',
      jobs.map((job) => job.id),
    );
  }
}
