import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, reloadUser, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { and, eq, isNull } from 'drizzle-orm';
import type { User } from '../auth/current-user';
import { links } from '../db/schema';
import { composeDigests, markShownFromStash } from './compose';
import { renderDigest } from './message';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
// A Wednesday noon: the week's first digest is the one after a digest of the week before.
const NOW = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

/** The digest a user would get at NOW, rendered as sent; null when nothing would go out. */
async function digestOf(user: User, at = NOW) {
  const content = (await composeDigests(t.ctx.database.db, [{ user, until: at }])).get(user.id);
  if (!content) return null;
  const message = await renderDigest(t.ctx.config, user, content, { outboxId: randomUUID(), date: at });
  return { content, message };
}

/** The plain-text part's sections, by their "== Title ==" line, each with its item titles. */
function sectionsOf(text: string): Record<string, string[]> {
  const sections: Record<string, string[]> = {};
  const body = text.slice(0, text.indexOf('\nOpen My Stash: '));
  for (const block of body.split(/^== /m).slice(1)) {
    const [heading, ...rest] = block.split('\n');
    sections[heading.replace(/ ==$/, '')] = rest
      .join('\n')
      .split('\n\n')
      .map((item) => item.trim().split('\n')[0])
      .filter((line) => line && !line.startsWith('and '));
  }
  return sections;
}

describe('the digest’s content', () => {
  it('for a new user: what is inside in the first line, the one to start with, an "Open My Stash" button, no recap yet', async () => {
    const { user } = await signedInUser(t, 'trial', { lastDigestSentAt: null });
    await createLinks(t.ctx, user, [
      { title: 'First save', url: 'https://blog.example/first', createdAt: daysAgo(0.5) },
      { title: 'Second save', url: 'https://blog.example/second', notes: 'Read before Friday', createdAt: daysAgo(0.2) },
    ]);
    const { message } = (await digestOf(user))!;
    expect(message.text).toContain('2 new links');
    expect(sectionsOf(message.text)['Start with this one']).toEqual(['Second save']);
    expect(message.html).toContain('>Open My Stash</a>');
    expect(message.html).not.toContain('Last week you saved');
    expect(message.text).toMatch(
      /Mark read: http:\/\/localhost:3000\/digest\/mark-read\/[\w-]+\nSnooze: http:\/\/localhost:3000\/digest\/snooze\/[\w-]+\nStop including: http:\/\/localhost:3000\/digest\/stop-including\/[\w-]+/,
    );
    expect(message.html.match(/>Mark read</g)).toHaveLength(2);
  });

  it('shows what Stash read of each page: site name, excerpt, reading time and "Read in Stash"; the first line sums the minutes', async () => {
    const { user } = await signedInUser(t, 'trial', { lastDigestSentAt: daysAgo(1) });
    const [read, unread] = await createLinks(t.ctx, user, [
      {
        title: 'How tides work',
        url: 'https://sea.example/tides',
        siteName: 'The Sea Weekly',
        excerpt: 'Twice a day the sea comes in.',
        readingMinutes: 6,
        contentStatus: 'ready',
        createdAt: daysAgo(0.5),
      },
      { title: 'A video', url: 'https://video.example/v', contentStatus: 'failed', createdAt: daysAgo(0.4) },
    ]);
    const { message } = (await digestOf(user))!;
    expect(message.text).toContain('2 new links · about 6 minutes of reading');
    expect(message.text).toContain('The Sea Weekly · 6 min read');
    expect(message.text).toContain('Twice a day the sea comes in.');
    // Signed for the user and link, so it opens on a device that is not signed in (reader-links.ts).
    expect(message.text).toMatch(new RegExp(`Read in Stash: http://localhost:3000/read/${read.id}\\?token=[A-Za-z0-9_-]+\\n`));
    expect(message.text).not.toContain(`/read/${unread.id}`);
    // The quickest read goes first when no link has notes.
    expect(sectionsOf(message.text)['Start with this one']).toEqual(['How tides work']);
  });

  it('for a busy pro user: 120 new links in three categories trimmed under the clip size, the stash section and the weekly recap', async () => {
    const { user } = await signedInUser(t, 'pro', { lastDigestSentAt: daysAgo(6) });
    const categories = ['Article', 'Video', 'Recipes'];
    await createLinks(t.ctx, user, [
      ...Array.from({ length: 120 }, (_, i) => ({
        title: `New read ${i}`,
        category: categories[i % 3],
        categories: [categories[i % 3]],
        notes: 'Worth it. '.repeat(i % 5),
        createdAt: daysAgo(5 - i / 30),
      })),
      { title: 'Old and unread', createdAt: daysAgo(200) },
      { title: 'Read last week', readAt: daysAgo(2), createdAt: daysAgo(100) },
    ]);
    const { message } = (await digestOf(user))!;
    expect(Buffer.byteLength(message.html)).toBeLessThan(100 * 1024);
    expect(message.text).toContain('120 new links · 1 from your stash');
    const sections = sectionsOf(message.text);
    expect(Object.keys(sections)).toEqual(
      expect.arrayContaining(['Start with this one', 'Article', 'Video', 'Recipes', 'From your stash']),
    );
    expect(sections['From your stash']).toEqual(['Old and unread']);
    expect(message.text).toMatch(/and \d+ more in My Stash/);
    // Saved 120 in the last 7 days, read 1, unread: 120 new + 1 old.
    expect(message.text).toContain('Last week you saved 120 links and read 1 · 121 unread in all');
  });

  it('counts in the recap only the reading done in Stash: links an import brought in already read were read before', async () => {
    const now = new Date();
    const as = await signedInUser(t, 'pro', { lastDigestSentAt: new Date(now.getTime() - 8 * DAY_MS) });
    const added = Math.floor((now.getTime() - 3 * DAY_MS) / 1000);
    const pocket = [
      'title,url,time_added,cursor,tags,status',
      ...['archive', 'archive', 'unread', 'unread'].map((status, i) => `Pocket ${i},https://pocket.example/${i},${added},c${i},,${status}`),
    ].join('\n');
    const imported = await t.app.inject({ method: 'POST', url: '/api/import/pocket', headers: as.headers, payload: { csvData: pocket } });
    expect(imported.json()).toMatchObject({ imported: 4 });
    const [unread] = (
      await t.ctx.database.db
        .select()
        .from(links)
        .where(and(eq(links.userId, as.user.id), isNull(links.readAt)))
    ).slice(0, 1);
    const marked = await t.app.inject({ method: 'PATCH', url: `/api/links/${unread.id}`, headers: as.headers, payload: { read: true } });
    expect(marked.statusCode).toBe(200);

    const { message } = (await digestOf(await reloadUser(t.ctx, as.user.id), new Date()))!;
    expect(message.text).toContain('Last week you saved 4 links and read 1 · 1 unread in all');
  });

  it('gives two digests of one day subjects that differ: the time they went out', async () => {
    const { user } = await signedInUser(t, 'pro', { lastDigestSentAt: daysAgo(1), timezone: 'Europe/Paris' });
    await createLinks(t.ctx, user, [{ title: 'Morning read', createdAt: daysAgo(0.5) }]);
    const morning = (await digestOf(user, new Date('2026-11-25T07:00:00Z')))!;
    const evening = (await digestOf(user, new Date('2026-11-25T17:30:00Z')))!;
    expect(morning.message.subject).toBe('Your Stash digest · Wednesday, November 25, 8:00 AM');
    expect(evening.message.subject).toBe('Your Stash digest · Wednesday, November 25, 6:30 PM');
  });

  it('with nothing new but old unread links: "a year ago today" first, then the oldest; each at most once in 60 days', async () => {
    const { user } = await signedInUser(t, 'pro', { lastDigestSentAt: daysAgo(1) });
    await createLinks(t.ctx, user, [
      { title: 'Forty days old', createdAt: daysAgo(40) },
      { title: 'Saved this day last year', createdAt: new Date('2025-11-25T09:30:00Z') },
      { title: 'Two years old', createdAt: daysAgo(800) },
      { title: 'Three hundred days old', createdAt: daysAgo(300) },
      { title: 'Twenty days old', createdAt: daysAgo(20) },
    ]);
    const { content, message } = (await digestOf(user))!;
    expect(message.subject).toMatch(/^From your stash · /);
    expect(sectionsOf(message.text)['From your stash']).toEqual(['Saved this day last year', 'Two years old', 'Three hundred days old']);
    expect(message.text).toContain('Saved a year ago today');

    await markShownFromStash(t.ctx.database.db, [{ userId: user.id, content, at: NOW }]);
    const next = (await digestOf(user, new Date(NOW.getTime() + DAY_MS)))!;
    expect(sectionsOf(next.message.text)['From your stash']).toEqual(['Forty days old']);
    const twoMonthsOn = (await digestOf(user, new Date(NOW.getTime() + 61 * DAY_MS)))!;
    expect(sectionsOf(twoMonthsOn.message.text)['From your stash']).toContain('Two years old');
  });

  it('for a free user: the weekly digest has "From your stash" too', async () => {
    const { user } = await signedInUser(t, 'free', { lastDigestSentAt: daysAgo(7) });
    await createLinks(t.ctx, user, [
      { title: 'This week', createdAt: daysAgo(2) },
      { title: 'Long ago', createdAt: daysAgo(90) },
    ]);
    const { message } = (await digestOf(user))!;
    const sections = sectionsOf(message.text);
    expect(sections['Start with this one']).toEqual(['This week']);
    expect(sections['From your stash']).toEqual(['Long ago']);
  });

  it('brings a snoozed link back first in the next digest, whatever its age, then forgets the snooze', async () => {
    const { user } = await signedInUser(t, 'trial', { lastDigestSentAt: daysAgo(1) });
    const [snoozed] = await createLinks(t.ctx, user, [
      { title: 'Snoozed yesterday', snoozedAt: daysAgo(0.5), createdAt: daysAgo(3) },
      { title: 'Old one', createdAt: daysAgo(50) },
    ]);
    const { content, message } = (await digestOf(user))!;
    expect(sectionsOf(message.text)['From your stash']).toEqual(['Snoozed yesterday', 'Old one']);
    await markShownFromStash(t.ctx.database.db, [{ userId: user.id, content, at: NOW }]);
    expect(content.fromStash[0].id).toBe(snoozed.id);
    expect(await digestOf(user, new Date(NOW.getTime() + DAY_MS))).toBeNull();
  });

  it('leaves out "From your stash" and the recap when the user turned them off', async () => {
    const { user } = await signedInUser(t, 'pro', { lastDigestSentAt: daysAgo(6), digestFromStash: false, digestWeeklyRecap: false });
    await createLinks(t.ctx, user, [
      { title: 'New', createdAt: daysAgo(1) },
      { title: 'Old', createdAt: daysAgo(100) },
    ]);
    const { message } = (await digestOf(await reloadUser(t.ctx, user.id)))!;
    expect(sectionsOf(message.text)['From your stash']).toBeUndefined();
    expect(message.text).not.toContain('Last week you saved');
  });
});
