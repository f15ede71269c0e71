import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { OWN_ORIGIN } from '../../../tests/support/factories';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { categories, categorySubscribers, users } from '../db/schema';
import { deliverMailJob } from '../mail/deliver-job';
import { lapsedPagesJob } from './lapse-job';
import { subscriberDigestJob } from './subscriber-digest-jobs';
import { sweepSubscriberDigests } from './subscriber-digests';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Stash <digest@stash.example>', DIGEST_SEND_RATE: '100000' } });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const address = (name: string) => `${name}-${randomBytes(4).toString('hex')}@reader.example`;
const receivedBy = (to: string): ParsedMail[] => sink.messages.filter((m) => !Array.isArray(m.to) && m.to?.text === to);
const header = (message: ParsedMail, name: string) =>
  message.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/\r\n(?=[ \t])/g, '')
    .replace(/^[^:]+:\s*/, '');
/** A different client address for each test, so that one test's sign-ups do not count against another's. */
const clientAddress = () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A Pro owner with a handle and a published category "Rust & Go"; answers its page's path. */
async function publishedCategory(): Promise<{ as: SignedInUser; id: string; path: string; handle: string }> {
  const as = await signedInUser(t, 'pro', { firstName: 'Ada', lastName: 'Lovelace' });
  const handle = `h-${randomBytes(5).toString('hex')}`;
  expect((await t.app.inject({ method: 'PUT', url: '/api/user/handle', headers: as.headers, payload: { handle } })).statusCode).toBe(200);
  const id = (await t.app.inject({ method: 'POST', url: '/api/categories', headers: as.headers, payload: { name: 'Rust & Go' } })).json()
    .id as string;
  const published = await t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: as.headers, payload: { public: true } });
  expect(published.statusCode).toBe(200);
  return { as, id, path: `/@${handle}/rust-go`, handle };
}

function subscribeForm(path: string, email: string, client = '10.1.1.1') {
  return t.app.inject({
    method: 'POST',
    url: `${path}/subscribe`,
    headers: { ...OWN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
    remoteAddress: client,
  });
}

/** Runs the mail.deliver jobs waiting (their pacing skipped), as a worker would. */
async function runMailJobs(): Promise<void> {
  await t.ctx.database.pool.query(
    `update pgboss.job set start_after = now() where name = 'mail.deliver' and state in ('created', 'retry')`,
  );
  for (let jobs = await t.boss.fetch<{ outboxId: string }>('mail.deliver', { batchSize: 50 }); jobs.length > 0; ) {
    for (const job of jobs) await deliverMailJob.handler(job.data, t.ctx, { retryCount: 0 }).catch(() => undefined);
    await t.boss.complete(
      'mail.deliver',
      jobs.map((job) => job.id),
    );
    jobs = await t.boss.fetch('mail.deliver', { batchSize: 50 });
  }
}

/** The category's weekly digest falls due at `slot`: the sweep, the send job and the deliveries, as the workers would run them. */
async function weeklyRun(categoryId: string, slot: Date): Promise<void> {
  await t.ctx.database.db.update(categories).set({ subscriberDigestNextAt: slot }).where(eq(categories.id, categoryId));
  await sweepSubscriberDigests(t.ctx, new Date(slot.getTime() + 60_000));
  for (
    let jobs = await t.boss.fetch<{ categoryId: string; scheduledFor: string }>(subscriberDigestJob.name, { batchSize: 20 });
    jobs.length > 0;
  ) {
    for (const job of jobs) await subscriberDigestJob.handler(job.data, t.ctx, { retryCount: 0 });
    await t.boss.complete(
      subscriberDigestJob.name,
      jobs.map((job) => job.id),
    );
    jobs = await t.boss.fetch(subscriberDigestJob.name, { batchSize: 20 });
  }
  await runMailJobs();
}

/** Subscribes and confirms through the confirmation mail's link, as a reader would. */
async function subscribed(path: string, email: string): Promise<void> {
  expect((await subscribeForm(path, email, clientAddress())).statusCode).toBe(303);
  await runMailJobs();
  const [confirmation] = receivedBy(email);
  const confirmPath = new URL(/http:\/\/localhost:3000\/subscriptions\/confirm\/[\w-]+/.exec(confirmation.text as string)![0]).pathname;
  const done = await t.app.inject({ method: 'POST', url: confirmPath, headers: { origin: 'null' } });
  expect(done.statusCode).toBe(200);
  expect(done.body).toContain('You are subscribed');
}

const overview = async (as: SignedInUser) => (await t.app.inject({ method: 'GET', url: '/api/sharing', headers: as.headers })).json();

describe('subscribing on a public page', () => {
  it('mails exactly one confirmation, sends nothing else until it is confirmed, and a scanner fetching the link confirms nothing', async () => {
    const { as, id, path } = await publishedCategory();
    const email = address('reader');
    const answer = await subscribeForm(path, email);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`${path}?subscribed=1#subscribe`);
    const page = await t.app.inject({ method: 'GET', url: answer.headers.location as string });
    expect(page.body).toContain('Check your inbox: we sent a link to confirm.');
    await runMailJobs();

    const [confirmation, ...others] = receivedBy(email);
    expect(others).toHaveLength(0);
    expect(confirmation.subject).toBe('Confirm your subscription to Rust & Go');
    expect(confirmation.text).toContain('Ada Lovelace (@');
    const link = /http:\/\/localhost:3000\/subscriptions\/confirm\/([\w-]+)/.exec(confirmation.text as string)!;
    // Random, and kept only as a hash.
    expect(link[1].length).toBeGreaterThanOrEqual(43);
    const { rows } = await t.ctx.database.pool.query('select token_hash from subscriber_tokens');
    expect(rows.some((row: { token_hash: string }) => row.token_hash === link[1])).toBe(false);

    // A link scanner's GET shows a button and confirms nothing; the week's links do not go out.
    await createLinks(t.ctx, as.user, [{ title: 'Fresh', categories: ['Rust & Go'], createdAt: new Date(Date.now() - HOUR_MS) }]);
    expect((await t.app.inject({ method: 'GET', url: new URL(link[0]).pathname })).body).toContain('Confirm subscription');
    await weeklyRun(id, new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS));
    expect(receivedBy(email)).toHaveLength(1);
    expect((await overview(as)).categories[0].subscribers).toBe(0);
  });

  it('refuses a bad address with a clear message on the page, storing nothing', async () => {
    const { id, path } = await publishedCategory();
    for (const bad of ['', 'not-an-address', 'a@', `${'x'.repeat(300)}@example.com`]) {
      const answer = await subscribeForm(path, bad, clientAddress());
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('Please enter an e-mail address such as name@example.com.');
    }
    expect(await t.ctx.database.db.select().from(categorySubscribers).where(eq(categorySubscribers.categoryId, id))).toHaveLength(0);
  });

  it('sends an address at most 3 confirmation mails a day', async () => {
    const { path } = await publishedCategory();
    const email = address('impatient');
    for (let i = 0; i < 4; i++) expect((await subscribeForm(path, email, clientAddress())).statusCode).toBe(303);
    await runMailJobs();
    expect(receivedBy(email)).toHaveLength(3);
  });

  it('answers the 21st subscription in a minute from one client 429, and a foreign origin 403', async () => {
    const { path } = await publishedCategory();
    const client = clientAddress();
    for (let i = 0; i < 20; i++) expect((await subscribeForm(path, address(`many${i}`), client)).statusCode).toBe(303);
    const refused = await subscribeForm(path, address('one-too-many'), client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toContain('Too many sign-ups from your network just now.');
    // Another client is not held back.
    expect((await subscribeForm(path, address('elsewhere'), clientAddress())).statusCode).toBe(303);

    const foreign = await t.app.inject({
      method: 'POST',
      url: `${path}/subscribe`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=victim%40example.com',
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('the weekly digest to subscribers', () => {
  it("sends the week's new links with the list headers, the curator footer and Read to the original; nothing in a week without links; one-click unsubscribe stops it", async () => {
    const { as, id, path, handle } = await publishedCategory();
    const email = address('weekly');
    await subscribed(path, email);
    const slot = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    await createLinks(t.ctx, as.user, [
      {
        title: 'Ownership explained',
        url: 'https://rust.example/ownership',
        categories: ['Rust & Go'],
        notes: 'private note',
        createdAt: new Date(slot.getTime() - 2 * DAY_MS),
      },
      { title: 'Not in this category', categories: ['Other'], createdAt: new Date(slot.getTime() - DAY_MS) },
      { title: 'Too old for this week', categories: ['Rust & Go'], createdAt: new Date(slot.getTime() - 9 * DAY_MS) },
    ]);

    await weeklyRun(id, slot);
    const [, digest, ...more] = receivedBy(email);
    expect(more).toHaveLength(0);
    expect(digest.subject).toMatch(/^Rust & Go · new links from Ada Lovelace \(@h-[0-9a-f]+\) · /);
    const html = (digest.html as string).replaceAll('\u200b', '');
    expect(html).toContain('Ownership explained');
    expect(html).not.toContain('Not in this category');
    expect(html).not.toContain('Too old for this week');
    // The owner did not choose "Show my notes"; nothing needs an account.
    expect(html).not.toContain('private note');
    expect(html).not.toContain('Mark read');
    expect(html).not.toContain('Read in Stash');
    expect(html).toMatch(/<a href="https:\/\/rust\.example\/ownership"[^>]*>Read<\/a>/);
    expect(html).toContain(`links collected by Ada Lovelace (@${handle}) with Stash`);
    const unsubscribe = /<(http:\/\/localhost:3000\/subscriptions\/unsubscribe\/[\w-]+)>/.exec(header(digest, 'list-unsubscribe')!)![1];
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The footer's link in both parts is the header's, this subscriber's own.
    expect(html).toContain(unsubscribe);
    expect(digest.text).toContain(unsubscribe);
    expect(header(digest, 'list-id')).toBe(`${handle}/rust-go <rust-go.${handle}.subscribers.localhost>`);
    expect((await overview(as)).categories[0].lastDigestSentAt).not.toBeNull();

    // The next week nothing new was added: nothing is sent.
    await weeklyRun(id, new Date(slot.getTime() + 7 * DAY_MS));
    expect(receivedBy(email)).toHaveLength(2);

    // One-click unsubscribe, as a mail provider posts it (from its own origin); later weeks send nothing.
    const posted = await t.app.inject({
      method: 'POST',
      url: new URL(unsubscribe).pathname,
      headers: { origin: 'https://mail.provider.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('You are unsubscribed');
    await createLinks(t.ctx, as.user, [
      { title: 'After leaving', categories: ['Rust & Go'], createdAt: new Date(slot.getTime() + 8 * DAY_MS) },
    ]);
    await weeklyRun(id, new Date(slot.getTime() + 14 * DAY_MS));
    expect(receivedBy(email)).toHaveLength(2);
    expect((await overview(as)).categories[0].subscribers).toBe(0);
  });

  it('unsubscribes only the subscriber whose address bounced', async () => {
    const { as, id, path } = await publishedCategory();
    const [gone, kept] = [address('gone'), address('kept')];
    await subscribed(path, gone);
    await subscribed(path, kept);
    const slot = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    await createLinks(t.ctx, as.user, [{ title: 'Week one', categories: ['Rust & Go'], createdAt: new Date(slot.getTime() - HOUR_MS) }]);
    sink.rejectRecipient(gone);

    await weeklyRun(id, slot);
    expect(receivedBy(kept)).toHaveLength(2);
    const rows = await t.ctx.database.db.select().from(categorySubscribers).where(eq(categorySubscribers.categoryId, id));
    expect(rows.find((row) => row.email === gone)).toMatchObject({ unsubscribedReason: 'bounce' });
    expect(rows.find((row) => row.email === kept)).toMatchObject({ unsubscribedAt: null });
    expect((await overview(as)).categories[0].subscribers).toBe(1);

    sink.acceptRecipient(gone);
    await createLinks(t.ctx, as.user, [{ title: 'Week two', categories: ['Rust & Go'], createdAt: new Date(slot.getTime() + DAY_MS) }]);
    await weeklyRun(id, new Date(slot.getTime() + 7 * DAY_MS));
    expect(receivedBy(gone)).toHaveLength(1);
    expect(receivedBy(kept)).toHaveLength(3);
  });
});

describe('unpublishing and the tokens', () => {
  it('unpublishing removes the subscribers: nothing reaches them, and publishing again starts with nobody', async () => {
    const { as, id, path } = await publishedCategory();
    const email = address('left');
    await subscribed(path, email);
    expect((await overview(as)).categories[0].subscribers).toBe(1);

    const unpublished = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${id}`,
      headers: as.headers,
      payload: { public: false },
    });
    expect(unpublished.statusCode).toBe(200);
    expect(await t.ctx.database.db.select().from(categorySubscribers).where(eq(categorySubscribers.categoryId, id))).toHaveLength(0);

    const again = await t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: as.headers, payload: { public: true } });
    expect(again.statusCode).toBe(200);
    expect((await overview(as)).categories[0].subscribers).toBe(0);
    const slot = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    await createLinks(t.ctx, as.user, [
      { title: 'After the break', categories: ['Rust & Go'], createdAt: new Date(slot.getTime() - HOUR_MS) },
    ]);
    await weeklyRun(id, slot);
    // Only the confirmation mail they had before.
    expect(receivedBy(email)).toHaveLength(1);
  });

  it('the hourly sharing job removes expired confirmation tokens and those of subscribers gone a week, and keeps the rest', async () => {
    const { path } = await publishedCategory();
    const [fresh, stale, left] = [address('fresh'), address('stale'), address('left')];
    for (const email of [fresh, stale, left]) expect((await subscribeForm(path, email, clientAddress())).statusCode).toBe(303);
    const { pool } = t.ctx.database;
    const tokensOf = async (email: string) =>
      (
        await pool.query(
          `select t.purpose from subscriber_tokens t join category_subscribers s on s.id = t.subscriber_id where s.email = $1`,
          [email],
        )
      ).rows.map((row) => row.purpose);
    await pool.query(
      `update subscriber_tokens set created_at = now() - interval '8 days'
       where subscriber_id = (select id from category_subscribers where email = $1)`,
      [stale],
    );
    await pool.query(
      `update category_subscribers set confirmed_at = now() - interval '20 days', unsubscribed_at = now() - interval '8 days' where email = $1`,
      [left],
    );
    await pool.query(
      `insert into subscriber_tokens (token_hash, subscriber_id, purpose) select md5(random()::text), id, 'unsubscribe' from category_subscribers where email = $1`,
      [left],
    );

    await lapsedPagesJob.handler({}, t.ctx, { retryCount: 0 });
    expect(await tokensOf(fresh)).toEqual(['confirm']);
    expect(await tokensOf(stale)).toEqual([]);
    expect(await tokensOf(left)).toEqual([]);
  });
});

describe("the owner's side", () => {
  it('shows a count, never an address; Pro exports them as CSV; the schedule is the owner’s choice', async () => {
    const { as, id, path } = await publishedCategory();
    const email = address('private');
    await subscribed(path, email);
    await subscribeForm(path, address('unconfirmed'), clientAddress());

    const answer = await t.app.inject({ method: 'GET', url: '/api/sharing', headers: as.headers });
    expect(answer.json().categories).toMatchObject([{ id, subscribers: 1 }]);
    expect(answer.body).not.toContain('@reader.example');

    const csv = await t.app.inject({ method: 'GET', url: `/api/sharing/categories/${id}/subscribers.csv`, headers: as.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('email,confirmed_at');
    expect(csv.body).toContain(email);
    expect(csv.body).not.toContain('unconfirmed');

    const other = await signedInUser(t, 'pro');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sharing/categories/${id}/subscribers.csv`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sharing/categories/nope/subscribers.csv', headers: as.headers })).statusCode,
    ).toBe(404);
    await t.ctx.database.db.update(users).set({ accountType: 'free' }).where(eq(users.id, as.user.id));
    const free = await t.app.inject({ method: 'GET', url: `/api/sharing/categories/${id}/subscribers.csv`, headers: as.headers });
    expect(free.statusCode).toBe(403);
    expect(free.json().message).toBe('Exporting subscribers is a Pro feature');

    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/sharing/digest-schedule', headers: as.headers, payload });
    expect((await put({ day: 7, hour: 9 })).statusCode).toBe(400);
    expect((await put({ day: 1, hour: 24 })).statusCode).toBe(400);
    expect((await put({ day: 1, hour: 7 })).statusCode).toBe(200);
    expect((await overview(as)).digestSchedule).toEqual({ day: 1, hour: 7, timezone: 'UTC' });
    await sweepSubscriberDigests(t.ctx);
    const [row] = await t.ctx.database.db.select().from(categories).where(eq(categories.id, id));
    expect(row.subscriberDigestNextAt!.getUTCDay()).toBe(1);
    expect(row.subscriberDigestNextAt!.getUTCHours()).toBe(7);
  });
});
