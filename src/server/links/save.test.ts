import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ORIGIN } from '../../../tests/support/factories';
import { createLinks, reloadUser, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { categories, links, users } from '../db/schema';
import { linkMessages } from '../../shared/link-messages';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const save = (as: SignedInUser, payload: object, on: TestApp = t) =>
  on.app.inject({ method: 'POST', url: '/api/links', headers: as.headers, payload });
const linksOf = (userId: string) => t.ctx.database.db.select().from(links).where(eq(links.userId, userId));

describe('POST /api/links', () => {
  it('saves a link with the documented defaults and answers 201 with it', async () => {
    const as = await signedInUser(t, 'trial', { timezone: 'Europe/Paris' });
    const res = await save(as, { url: '  example.com/article ', notes: 'Read on the train' });
    expect(res.statusCode).toBe(201);
    const { duplicate, link } = res.json();
    expect(duplicate).toBe(false);
    expect(link).toEqual({
      id: expect.any(String),
      url: 'https://example.com/article',
      title: null,
      description: null,
      notes: 'Read on the train',
      category: 'Uncategorized',
      categories: ['Uncategorized'],
      includeInNewsletter: true,
      readAt: null,
      createdAt: expect.any(String),
      savedOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(link.createdAt)),
      siteName: null,
      excerpt: null,
      readingMinutes: null,
      faviconUrl: null,
      imageUrl: null,
      contentStatus: 'none',
      highlightCount: 0,
    });
    const [row] = await linksOf(as.user.id);
    expect(row).toMatchObject({ id: link.id, normalizedUrl: 'https://example.com/article', categoryId: null });
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 1, monthlyLinksUsed: 1 });
  });

  it('gives the documented validation messages and saves nothing', async () => {
    const as = await signedInUser(t, 'pro');
    const cases: [object, string][] = [
      [{}, 'URL is required'],
      [{ url: '   ' }, 'URL is required'],
      [{ url: 'http://exa mple.com' }, 'Please enter a valid website address'],
      [{ url: 'ftp://example.com/file' }, 'Please enter a valid website address'],
      [{ url: 'mailto:someone@example.com' }, 'Please enter a valid website address'],
      [{ url: 'foo' }, 'Please enter a valid website address'],
      [{ url: 'http://localhost:3000/' }, 'Please enter a valid website address'],
      [{ url: `https://example.com/${'a'.repeat(2100)}` }, 'URLs must be at most 2,048 characters'],
      [{ url: 'example.com', categories: ['News', 'Work', 'Blog', 'Video'] }, 'You can select up to 3 categories'],
      [{ url: 'example.com', category: 'Video', categories: ['News', 'Work', 'Blog'] }, 'You can select up to 3 categories'],
      [{ url: 'example.com', categories: [''] }, 'Please enter a valid category name'],
      [{ url: 'example.com', categories: ['No such category'] }, 'Please choose one of your categories'],
    ];
    for (const [payload, message] of cases) {
      const res = await save(as, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await linksOf(as.user.id)).toHaveLength(0);
  });

  it('keeps control characters out of what it stores', async () => {
    const as = await signedInUser(t, 'pro');
    const res = await save(as, {
      url: 'example.com',
      title: 'A\u0000title\n',
      notes: 'line one\nline\u0000two\u0007',
      categories: ['News\u0000'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().link).toMatchObject({ title: 'A title', notes: 'line one\nlinetwo', categories: ['News'] });
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/links/history?category=%00News&q=%00title',
      headers: { cookie: as.headers.cookie },
    });
    expect(search.json().pagination.total).toBe(1);
  });

  it('stores at most 3 categories, the first primary, spelled as the presets and custom categories are', async () => {
    const as = await signedInUser(t, 'pro');
    const [recipes] = await t.ctx.database.db.insert(categories).values({ userId: as.user.id, name: 'Recipes' }).returning();
    const res = await save(as, { url: 'example.com/soup', categories: ['recipes', 'news', 'NEWS'] });
    expect(res.json().link).toMatchObject({ category: 'Recipes', categories: ['Recipes', 'News'] });
    const [row] = await linksOf(as.user.id);
    expect(row.categoryId).toBe(recipes.id);
  });

  it('saves with an API token too (the extension), without a cookie or an Origin', async () => {
    const as = await signedInUser(t, 'trial');
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/api/tokens', headers: as.headers, payload: { name: 'Extension' } })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: `Bearer ${token}` },
      payload: { url: 'example.com/from-extension', title: 'From the extension' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().link.title).toBe('From the extension');
  });

  it('needs a session or a token, and our own origin', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/links', headers: OWN_ORIGIN, payload: { url: 'example.com' } })).statusCode,
    ).toBe(401);
    const as = await signedInUser(t, 'pro');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { ...as.headers, origin: 'https://evil.example' },
      payload: { url: 'example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await linksOf(as.user.id)).toHaveLength(0);
  });
});

describe('a session that saved before (its later saves check it in their own statement)', () => {
  it('signed out, answers 401 and saves nothing', async () => {
    const as = await signedInUser(t, 'pro');
    expect((await save(as, { url: 'example.com/before' })).statusCode).toBe(201);
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: as.headers });
    const after = await save(as, { url: 'example.com/after' });
    expect(after.statusCode).toBe(401);
    expect((await linksOf(as.user.id)).map((link) => link.url)).toEqual(['https://example.com/before']);
  });

  it('follows a plan that changed since: an ended trial is refused, an upgrade is let through', async () => {
    const as = await signedInUser(t, 'trial');
    expect((await save(as, { url: 'example.com/1' })).statusCode).toBe(201);
    await t.ctx.database.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, as.user.id));
    const refused = await save(as, { url: 'example.com/2' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_EXPIRED' });

    await t.ctx.database.db
      .update(users)
      .set({ accountType: 'pro', subscriptionEndsAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, as.user.id));
    const upgraded = await save(as, { url: 'example.com/3', includeInNewsletter: false });
    expect(upgraded.statusCode).toBe(201);
    expect(upgraded.json().link.includeInNewsletter).toBe(false);
    expect((await linksOf(as.user.id)).map((link) => link.url).sort()).toEqual(['https://example.com/1', 'https://example.com/3']);
  });

  it('shows a link in the time zone the user has now', async () => {
    const as = await signedInUser(t, 'pro', { timezone: 'Pacific/Kiritimati' });
    expect((await save(as, { url: 'example.com/a' })).statusCode).toBe(201);
    await t.ctx.database.db.update(users).set({ timezone: 'Pacific/Pago_Pago' }).where(eq(users.id, as.user.id));
    const { link } = (await save(as, { url: 'example.com/b' })).json();
    expect(link.savedOn).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Pago_Pago' }).format(new Date(link.createdAt)));
  });
});

describe('tiers', () => {
  it('refuses an expired trial with the documented text', async () => {
    const as = await signedInUser(t, 'trialExpired');
    const res = await save(as, { url: 'example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TRIAL_EXPIRED', message: linkMessages.trialExpired.text });
    expect(await linksOf(as.user.id)).toHaveLength(0);
  });

  it('puts every link of a free account in the newsletter, and lets pro and trial choose', async () => {
    const free = await signedInUser(t, 'free');
    expect((await save(free, { url: 'example.com', includeInNewsletter: false })).json().link.includeInNewsletter).toBe(true);
    for (const tier of ['pro', 'trial'] as const) {
      const as = await signedInUser(t, tier);
      expect((await save(as, { url: 'example.com', includeInNewsletter: false })).json().link.includeInNewsletter).toBe(false);
    }
  });

  it('keeps custom categories for pro and trial', async () => {
    const free = await signedInUser(t, 'free');
    await t.ctx.database.db.insert(categories).values({ userId: free.user.id, name: 'Leftover from a trial' });
    const res = await save(free, { url: 'example.com', categories: ['Leftover from a trial'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Custom categories are a Pro feature');
    expect((await save(free, { url: 'example.com', categories: ['Video'] })).statusCode).toBe(201);
  });

  it('lets a free account save 50 links a month and refuses the 51st', async () => {
    const as = await signedInUser(t, 'free');
    for (let i = 0; i < 50; i++) expect((await save(as, { url: `example.com/${i}` })).statusCode).toBe(201);
    const res = await save(as, { url: 'example.com/51' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'MONTHLY_LIMIT', message: expect.stringContaining('50 links this month') });
    expect(await linksOf(as.user.id)).toHaveLength(50);
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 50, monthlyLinksUsed: 50 });
  });

  it('lets exactly the allowance through when saves race at the limit', async () => {
    const nextMonth = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    const as = await signedInUser(t, 'free', { monthlyLinksUsed: 47, monthlyUsageResetAt: nextMonth });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => save(as, { url: `example.com/race/${i}` })));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 403)).toHaveLength(5);
    expect(await linksOf(as.user.id)).toHaveLength(3);
    expect((await reloadUser(t.ctx, as.user.id)).monthlyLinksUsed).toBe(50);
  });

  it("starts counting again in the user's next month, which begins at their own midnight", async () => {
    const as = await signedInUser(t, 'free', {
      timezone: 'Pacific/Kiritimati',
      monthlyLinksUsed: 50,
      monthlyUsageResetAt: new Date(Date.now() - 1000),
    });
    expect((await save(as, { url: 'example.com/new-month' })).statusCode).toBe(201);
    const user = await reloadUser(t.ctx, as.user.id);
    expect(user.monthlyLinksUsed).toBe(1);
    const { rows } = await t.ctx.database.pool.query(
      `select (date_trunc('month', now() at time zone 'Pacific/Kiritimati') + interval '1 month') at time zone 'Pacific/Kiritimati' as next`,
    );
    expect(user.monthlyUsageResetAt?.toISOString()).toBe(rows[0].next.toISOString());
    // Kiritimati is UTC+14: its months begin at 10:00 UTC the day before.
    expect(user.monthlyUsageResetAt?.getUTCHours()).toBe(10);
  });

  it('does not limit pro accounts, nor anyone when billing is off', async () => {
    const pro = await signedInUser(t, 'pro', { monthlyLinksUsed: 500, monthlyUsageResetAt: new Date(Date.now() + 86_400_000) });
    expect((await save(pro, { url: 'example.com' })).statusCode).toBe(201);
    const selfHosted = await startTestApp({ env: { BILLING: 'off' } });
    try {
      const expired = await signedInUser(selfHosted, 'trialExpired');
      const res = await save(expired, { url: 'example.com', includeInNewsletter: false }, selfHosted);
      expect(res.json().link.includeInNewsletter).toBe(false);
    } finally {
      await selfHosted.close();
    }
  });
});

describe('duplicates', () => {
  it('answers 200 with the link already saved, unless allowDuplicate', async () => {
    const as = await signedInUser(t, 'pro');
    const first = (await save(as, { url: 'https://Example.com/post/?utm_source=newsletter&id=7#comments' })).json().link;
    const again = await save(as, { url: 'http://example.com/post?id=7&fbclid=abc' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ duplicate: true, link: first });
    expect(await linksOf(as.user.id)).toHaveLength(1);

    const deliberate = await save(as, { url: 'example.com/post?id=7', allowDuplicate: true });
    expect(deliberate.statusCode).toBe(201);
    expect(deliberate.json().duplicate).toBe(false);
    expect(await linksOf(as.user.id)).toHaveLength(2);
    expect((await reloadUser(t.ctx, as.user.id)).linkCount).toBe(2);
  });

  it("never matches another user's link", async () => {
    const mine = await signedInUser(t, 'pro');
    const theirs = await signedInUser(t, 'pro');
    await createLinks(t.ctx, theirs.user, [{ url: 'https://example.com/shared' }]);
    const res = await save(mine, { url: 'example.com/shared' });
    expect(res.statusCode).toBe(201);
  });
});
