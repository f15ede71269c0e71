import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { pageCopies } from '../db/schema';
import { localDate } from './link-answer';
import { findTodayLinks } from './listing';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = (as: SignedInUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: as.headers.cookie } });
const minutes = (n: number) => n * 60 * 1000;
/** Links saved one minute apart, the newest first, `count` of them ending now. */
const spaced = (count: number) => Array.from({ length: count }, (_, i) => ({ createdAt: new Date(Date.now() - minutes(i)) }));

describe("GET /api/links/today: today's date in the user's time zone", () => {
  // Kiritimati is UTC+14 and Pago Pago UTC-11: at any moment they are on different dates.
  it('around UTC midnight, each user sees the links of their own date', async () => {
    const now = new Date('2025-03-10T00:30:00Z'); // Kiritimati: 10 March 14:30; Pago Pago: 9 March 13:30
    const at = ['2025-03-09T09:50:00Z', '2025-03-09T10:10:00Z', '2025-03-09T11:10:00Z', '2025-03-09T23:50:00Z', '2025-03-10T00:20:00Z'];
    const kiritimati = await signedInUser(t, 'pro', { timezone: 'Pacific/Kiritimati' });
    const pagoPago = await signedInUser(t, 'pro', { timezone: 'Pacific/Pago_Pago' });
    for (const { user } of [kiritimati, pagoPago])
      await createLinks(
        t.ctx,
        user,
        at.map((iso) => ({ url: `https://example.com/${iso}`, createdAt: new Date(iso) })),
      );

    const todayOf = async (user: SignedInUser['user']) =>
      (await findTodayLinks(t.ctx.database.db, user, now)).map((link) => link.createdAt);
    // Kiritimati's 10 March began at 9 March 10:00 UTC; Pago Pago's 9 March at 9 March 11:00 UTC.
    expect(await todayOf(kiritimati.user)).toEqual([
      '2025-03-10T00:20:00.000Z',
      '2025-03-09T23:50:00.000Z',
      '2025-03-09T11:10:00.000Z',
      '2025-03-09T10:10:00.000Z',
    ]);
    expect(await todayOf(pagoPago.user)).toEqual(['2025-03-10T00:20:00.000Z', '2025-03-09T23:50:00.000Z', '2025-03-09T11:10:00.000Z']);
  });

  it("answers with the links whose local date is today, newest first, and only the caller's", async () => {
    const now = Date.now();
    const instants = Array.from({ length: 31 }, (_, hour) => new Date(now - hour * 60 * 60 * 1000 - minutes(1)));
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      const as = await signedInUser(t, 'trial', { timezone });
      const other = await signedInUser(t, 'trial', { timezone });
      const created = await createLinks(
        t.ctx,
        as.user,
        instants.map((createdAt) => ({ createdAt })),
      );
      await createLinks(t.ctx, other.user, [{ createdAt: new Date(now - minutes(1)) }]);
      const res = await get(as, '/api/links/today');
      expect(res.statusCode).toBe(200);
      const today = localDate(new Date(), timezone);
      const expected = created.filter((link) => localDate(link.createdAt, timezone) === today).map((link) => link.id);
      expect(
        res.json().map((link: { id: string }) => link.id),
        timezone,
      ).toEqual(expected);
      expect(res.json().every((link: { savedOn: string }) => link.savedOn === today)).toBe(true);
    }
  });
});

describe('GET /api/links/history', () => {
  it('pages through every link once, newest first, with the numbers My Stash shows', async () => {
    const as = await signedInUser(t, 'pro');
    const created = await createLinks(t.ctx, as.user, spaced(45));
    await createLinks(t.ctx, (await signedInUser(t, 'pro')).user, spaced(5));

    const page = async (n: number, limit = 20) => (await get(as, `/api/links/history?page=${n}&limit=${limit}`)).json();
    const first = await page(1);
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 45, totalPages: 3, hasPrev: false, hasNext: true });
    expect((await page(2)).pagination).toEqual({ page: 2, limit: 20, total: 45, totalPages: 3, hasPrev: true, hasNext: true });
    const last = await page(3);
    expect(last.pagination).toEqual({ page: 3, limit: 20, total: 45, totalPages: 3, hasPrev: true, hasNext: false });
    expect(last.links).toHaveLength(5);
    expect((await page(4)).links).toEqual([]);

    const seen = [...first.links, ...(await page(2)).links, ...last.links].map((link: { id: string }) => link.id);
    expect(seen).toEqual(created.map((link) => link.id));
    expect((await page(1, 50)).pagination).toMatchObject({ total: 45, totalPages: 1, hasNext: false });
    expect((await page(5, 10)).links).toHaveLength(5);
    expect((await page(6, 10)).links).toHaveLength(0);
  });

  it('defaults to page 1 of 20 and refuses other page sizes', async () => {
    const as = await signedInUser(t, 'pro');
    expect((await get(as, '/api/links/history')).json().pagination).toEqual({
      page: 1,
      limit: 20,
      total: 0,
      totalPages: 0,
      hasPrev: false,
      hasNext: false,
    });
    const res = await get(as, '/api/links/history?limit=30');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Page size must be 10, 20 or 50');
    expect((await get(as, '/api/links/history?page=0')).statusCode).toBe(400);
    expect((await get(as, '/api/links/history?page=abc')).statusCode).toBe(400);
  });

  it('filters by category, unread and newsletter, counting only the matches', async () => {
    const as = await signedInUser(t, 'pro');
    await createLinks(t.ctx, as.user, [
      { category: 'News', categories: ['News', 'Work'], readAt: new Date() },
      { category: 'Work', categories: ['Work'], includeInNewsletter: false },
      { category: 'Video', categories: ['Video'] },
      ...Array.from({ length: 12 }, () => ({ category: 'Blog', categories: ['Blog'] })),
    ]);
    const pagination = async (query: string) => (await get(as, `/api/links/history?${query}`)).json().pagination;
    expect(await pagination('category=Work')).toMatchObject({ total: 2, totalPages: 1 });
    expect(await pagination('category=Blog&limit=10&page=2')).toMatchObject({ total: 12, totalPages: 2, hasNext: false });
    expect(await pagination('category=Blog&limit=10&page=3')).toMatchObject({ total: 12, totalPages: 2 });
    expect(await pagination('category=Shopping')).toMatchObject({ total: 0, totalPages: 0 });
    expect(await pagination('unread=true')).toMatchObject({ total: 14 });
    expect(await pagination('newsletter=true')).toMatchObject({ total: 14 });
    expect(await pagination('unread=true&category=Work')).toMatchObject({ total: 1 });
  });

  it('searches title, URL, notes and categories, the last word as a prefix', async () => {
    const as = await signedInUser(t, 'pro');
    const other = await signedInUser(t, 'pro');
    const [postgres, nytimes, noted, tutorial] = await createLinks(t.ctx, as.user, [
      { title: 'Indexing in PostgreSQL', url: 'https://example.com/a' },
      { title: 'Front page', url: 'https://www.nytimes.com/2024/01/climate-report.html' },
      { title: 'Untitled', notes: 'Recommended by Ada for the Rust rewrite', url: 'https://example.com/b' },
      { title: 'Something', category: 'Tutorial', categories: ['Tutorial'], url: 'https://example.com/c' },
    ]);
    await createLinks(t.ctx, other.user, [{ title: 'Indexing in PostgreSQL, their copy' }]);
    const found = async (q: string) =>
      (await get(as, `/api/links/history?q=${encodeURIComponent(q)}`)).json().links.map((link: { id: string }) => link.id);
    expect(await found('postgres')).toEqual([postgres.id]);
    expect(await found('indexing postgresql')).toEqual([postgres.id]);
    expect(await found('nytimes')).toEqual([nytimes.id]);
    expect(await found('climate report')).toEqual([nytimes.id]);
    expect(await found('rust rewr')).toEqual([noted.id]);
    expect(await found('tutorial')).toEqual([tutorial.id]);
    expect(await found('nothing like this')).toEqual([]);
    expect(await found("' & | ! :* ( )")).toHaveLength(4);
    expect((await get(as, `/api/links/history?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
  it("puts title matches first, then notes, then the page's excerpt, then its text (newest first); filters still apply", async () => {
    const as = await signedInUser(t, 'pro');
    const other = await signedInUser(t, 'pro');
    const ago = (n: number) => new Date(Date.now() - minutes(n));
    // The newest saved match in its text only, the oldest in its title: date alone would give the reverse.
    const [newerText, olderText, inExcerpt, inNotes, inTitle] = await createLinks(t.ctx, as.user, [
      { title: 'Second', createdAt: ago(1), category: 'Work', categories: ['Work'] },
      { title: 'First', createdAt: ago(2) },
      { title: 'Third', createdAt: ago(3), excerpt: 'A short note on sourdough starters.' },
      { title: 'Fourth', createdAt: ago(4), notes: 'Try the sourdough recipe' },
      { title: 'Sourdough at home', createdAt: ago(5) },
    ]);
    const older = await createLinks(
      t.ctx,
      as.user,
      Array.from({ length: 6 }, (_, i) => ({ title: `Older ${i}`, createdAt: ago(10 + i) })),
    );
    const [othersText] = await createLinks(t.ctx, other.user, [{ title: 'Theirs' }]);
    const copy = (link: typeof newerText, text: string, userId = as.user.id) => ({
      linkId: link.id,
      userId,
      linkCreatedAt: link.createdAt,
      url: link.url,
      kind: 'article' as const,
      text,
      html: `<p>${text}</p>`,
    });
    await t.ctx.database.db
      .insert(pageCopies)
      .values([
        copy(olderText, 'Bread: sourdough, flour and time.'),
        copy(newerText, 'More on sourdough loaves.'),
        copy(inTitle, 'Nothing about it here.'),
        copy(othersText, 'Their sourdough.', other.user.id),
        ...older.map((link) => copy(link, 'Sourdough again.')),
      ]);
    const search = async (query: string) => (await get(as, `/api/links/history?${query}`)).json();
    const ids = (page: { links: { id: string }[] }) => page.links.map((link) => link.id);
    const first = await search('q=sourdough&limit=10');
    expect(ids(first)).toEqual([
      inTitle.id,
      inNotes.id,
      inExcerpt.id,
      newerText.id,
      olderText.id,
      ...older.slice(0, 5).map((link) => link.id),
    ]);
    expect(first.pagination).toMatchObject({ total: 11, totalPages: 2 });
    const second = await search('q=sourdou&limit=10&page=2');
    expect(ids(second)).toEqual([older[5].id]);
    expect((await search('q=sourdough&limit=10&page=9')).pagination).toMatchObject({ total: 11 });
    expect(ids(await search('q=sourdough&category=Work'))).toEqual([newerText.id]);
    expect((await search('q=sourdough&category=Work')).pagination.total).toBe(1);
  });
});

describe('GET /api/links/count', () => {
  it("counts the user's links and newsletter links, and this month's saves against the plan", async () => {
    const free = await signedInUser(t, 'free', { monthlyLinksUsed: 7, monthlyUsageResetAt: new Date(Date.now() + 86_400_000) });
    expect((await get(free, '/api/links/count')).json()).toEqual({
      count: 0,
      newsletter: 0,
      monthlyUsage: { used: 7, limit: 50, resetsAt: expect.any(String) },
    });
    await createLinks(t.ctx, free.user, [{}, { includeInNewsletter: false }]);
    expect((await get(free, '/api/links/count')).json()).toMatchObject({ count: 2, newsletter: 1 });

    const lastMonth = await signedInUser(t, 'pro', { monthlyLinksUsed: 9, monthlyUsageResetAt: new Date(Date.now() - 1000) });
    expect((await get(lastMonth, '/api/links/count')).json().monthlyUsage).toEqual({ used: 0, limit: null, resetsAt: null });
  });

  it('needs someone signed in', async () => {
    for (const url of ['/api/links/count', '/api/links/today', '/api/links/history']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('the API documentation', () => {
  it('lists the links and categories routes with their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/links',
      '/api/links/today',
      '/api/links/history',
      '/api/links/count',
      '/api/links/{id}',
      '/api/categories',
      '/api/categories/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const parameters = doc.paths['/api/links/history'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['page', 'limit', 'category', 'q', 'unread', 'newsletter']));
  });
});
