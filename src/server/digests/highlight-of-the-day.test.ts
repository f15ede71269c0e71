import { randomUUID } from 'node:crypto';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import type { ParsedMail } from 'mailparser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentHourSlot, dueDaily, runDigestJobs } from '../../../tests/support/digests';
import { createLinks, reloadUser, signedInUser } from '../../../tests/support/links';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { User } from '../auth/current-user';
import { highlights } from '../db/schema';
import { composeDigests, markShownFromStash } from './compose';
import { renderDigest } from './message';
import { readReaderToken } from './reader-links';
import { sweepDigests } from './sweep-job';

/*
 * "From your stash"'s highlight of the day: one passage with its note, its link's title and site,
 * "Read in Stash" at the passage and "Don't show this again"; the oldest first, none again within
 * 60 days, none hidden, none when the setting is off. Composed and rendered, then received through
 * the recording SMTP server.
 */
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

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * DAY_MS);

/** A user with a new link (so a digest goes out) and a read page holding three highlights of different ages. */
async function userWithHighlights(settings: Partial<User> = {}, now = NOW) {
  const { user } = await signedInUser(t, 'trial', { lastDigestSentAt: daysAgo(1, now), ...settings });
  const [, page, unread] = await createLinks(t.ctx, user, [
    { title: 'Saved yesterday', url: `https://news.example/${randomUUID()}`, createdAt: daysAgo(0.5, now) },
    {
      title: 'How foxes hunt',
      url: `https://foxes.example/${randomUUID()}`,
      siteName: 'Fox Weekly',
      contentStatus: 'ready',
      createdAt: daysAgo(400, now),
    },
    { title: 'Not read yet', url: `https://later.example/${randomUUID()}`, contentStatus: 'pending', createdAt: daysAgo(300, now) },
  ]);
  const add = async (linkId: string, exact: string, createdDaysAgo: number, more: Partial<typeof highlights.$inferInsert> = {}) => {
    const [row] = await t.ctx.database.db
      .insert(highlights)
      .values({ userId: user.id, linkId, exact, startOffset: 0, endOffset: exact.length, createdAt: daysAgo(createdDaysAgo, now), ...more })
      .returning({ id: highlights.id });
    return row.id;
  };
  const oldest = await add(page.id, 'Foxes hunt at dusk,\nwhen voles leave their burrows.', 300, { note: 'The best line' });
  const newer = await add(page.id, 'Cubs are born in spring.', 100);
  // Never chosen: its page has no readable copy, or it is not found in the copy.
  await add(unread.id, 'A passage of a page not read', 350);
  await add(page.id, 'A passage the copy lost', 390, { anchored: false });
  return { user: await reloadUser(t.ctx, user.id), page, oldest, newer };
}

async function digestOf(user: User, at = NOW) {
  const content = (await composeDigests(t.ctx.database.db, [{ user, until: at }])).get(user.id)!;
  const message = await renderDigest(t.ctx.config, user, content, { outboxId: randomUUID(), date: at });
  return { content, message };
}

describe('the highlight of the day', () => {
  it('shows the oldest passage with its note, its link and site, "Read in Stash" at the passage and "Don’t show this again"', async () => {
    const { user, page, oldest } = await userWithHighlights();
    const { content, message } = await digestOf(user);
    expect(content.highlight?.id).toBe(oldest);

    const text = message.text;
    const section = text.slice(text.indexOf('== From your stash =='));
    expect(section).toContain(
      'Highlight of the day:\n> Foxes hunt at dusk,\n> when voles leave their burrows.\nYour note: The best line\nHow foxes hunt · Fox Weekly\n',
    );
    const read = /Read in Stash: (\S+)/.exec(section)![1];
    const url = new URL(read);
    expect(url.pathname).toBe(`/read/${page.id}`);
    expect(url.hash).toBe(`#highlight-${oldest}`);
    expect(readReaderToken(t.ctx.config.linkKeyring!, page.id, url.searchParams.get('token')!)).toEqual({
      linkId: page.id,
      userId: user.id,
    });
    expect(section).toMatch(/Don’t show this again: http:\/\/localhost:3000\/digest\/hide-highlight\/[\w-]+/);

    const html = message.html.replaceAll('\u200b', '');
    expect(html).toContain('Highlight of the day');
    expect(html).toContain('Foxes hunt at dusk,<br/>when voles leave their burrows.');
    expect(html).toContain(`href="${read.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('>Don’t show this again</a>');
    expect(html).not.toContain('A passage of a page not read');
    expect(html).not.toContain('A passage the copy lost');
  });

  it('comes back no sooner than 60 days after it was shown: the next oldest comes first, then none', async () => {
    const { user, oldest, newer } = await userWithHighlights();
    const shownAt = daysAgo(10);
    const first = await digestOf(user, shownAt);
    expect(first.content.highlight?.id).toBe(oldest);
    await t.ctx.database.db.transaction((tx) => markShownFromStash(tx, [{ userId: user.id, content: first.content, at: shownAt }]));

    const second = await digestOf(user);
    expect(second.content.highlight?.id).toBe(newer);
    await t.ctx.database.db.transaction((tx) => markShownFromStash(tx, [{ userId: user.id, content: second.content, at: NOW }]));

    expect((await digestOf(user, new Date(NOW.getTime() + DAY_MS))).content.highlight).toBeNull();
    expect((await digestOf(user, new Date(shownAt.getTime() + 61 * DAY_MS))).content.highlight?.id).toBe(oldest);
  });

  it('is left out when Settings → Newsletter turns it off, or "From your stash" is off', async () => {
    const { user } = await userWithHighlights({ digestHighlight: false });
    const { content, message } = await digestOf(user);
    expect(content.highlight).toBeNull();
    expect(message.text).not.toContain('Highlight of the day');
    const { user: noStash } = await userWithHighlights({ digestFromStash: false });
    expect((await digestOf(noStash)).content.highlight).toBeNull();
  });
});

describe('"Don’t show this again"', () => {
  const tokenOf = (text: string) => /Don’t show this again: http:\/\/localhost:3000(\S+)/.exec(text)![1];

  it('asks first, then hides the highlight from every digest; Undo brings it back', async () => {
    const { user, oldest, newer } = await userWithHighlights();
    const path = tokenOf((await digestOf(user)).message.text);

    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Don’t show this highlight again?');
    expect(asked.body).toContain('Foxes hunt at dusk, when voles leave their burrows.');
    expect((await digestOf(user)).content.highlight?.id).toBe(oldest);

    const done = await t.app.inject({ method: 'POST', url: path, headers: { origin: 'null' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('No longer in your digests');
    expect((await digestOf(user)).content.highlight?.id).toBe(newer);

    const undone = await t.app.inject({ method: 'POST', url: `${path}/undo`, headers: { origin: 'null' } });
    expect(undone.statusCode).toBe(200);
    expect((await digestOf(user)).content.highlight?.id).toBe(oldest);
  });

  it('answers 404 and changes nothing for a token that is not genuine', async () => {
    const { user, oldest } = await userWithHighlights();
    const path = tokenOf((await digestOf(user)).message.text);
    const forged = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: forged, headers: { origin: 'null' } })).statusCode).toBe(404);
    const [row] = await t.ctx.database.db.select({ hidden: highlights.digestHidden }).from(highlights).where(eq(highlights.id, oldest));
    expect(row.hidden).toBe(false);
  });
});

describe('the setting', () => {
  it('is on by default and PUT /api/user/settings turns it off', async () => {
    const as = await signedInUser(t, 'trial');
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: as.headers.cookie } })).json();
    expect((await me()).digestHighlight).toBe(true);
    const weekly = { emailFrequency: 'weekly', emailDays: [5], emailHours: { '5': 9 } };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: as.headers,
      payload: { ...weekly, digestHighlight: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await me()).digestHighlight).toBe(false);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: as.headers,
      payload: { ...weekly, digestHighlight: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a scheduled digest through SMTP', () => {
  it('arrives with the highlight of the day, which is then recorded as shown', async () => {
    const slot = currentHourSlot();
    const { user, oldest } = await userWithHighlights(dueDaily(slot), slot);
    await sweepDigests(t.ctx);
    await runDigestJobs(t);

    const received = sink.messages.filter((m: ParsedMail) => !Array.isArray(m.to) && m.to?.text === user.email);
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message.text).toContain('Highlight of the day:\n> Foxes hunt at dusk,');
    expect(message.text).toMatch(new RegExp(`Read in Stash: http://localhost:3000/read/[\\w-]+\\?token=[\\w-]+#highlight-${oldest}`));
    const html = (message.html as string).replaceAll('\u200b', '');
    expect(html).toContain('Foxes hunt at dusk,<br/>when voles leave their burrows.');
    const checked = doIUseEmail(html, { emailClients: ['gmail.*', 'outlook.*', 'apple-mail.*'] });
    expect(checked.success, JSON.stringify(checked)).toBe(true);

    const [row] = await t.ctx.database.db.select({ shownAt: highlights.digestShownAt }).from(highlights).where(eq(highlights.id, oldest));
    expect(row.shownAt).not.toBeNull();
  }, 120_000);
});
