import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { mailsTo, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { categories, pageCopies, publicPageStats, users } from '../db/schema';
import type { Tier } from '../../shared/permissions';
import { unpublishLapsedPages } from './removals';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const uniqueHandle = () => `h-${randomBytes(5).toString('hex')}`;
const setHandle = (as: SignedInUser, handle: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/user/handle', headers: as.headers, payload: { handle } });
const createCategory = async (as: SignedInUser, name: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/categories', headers: as.headers, payload: { name } })).json().id as string;
const patch = (as: SignedInUser, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: as.headers, payload });
const open = (url: string) => t.app.inject({ method: 'GET', url });
const pathOf = (publicUrl: string) => new URL(publicUrl).pathname;

/** A user of the tier with a handle and a custom category (made while Pro), with links in it. */
async function publisher(tier: Tier = 'pro', name = 'Rust & Go') {
  const as = await signedInUser(t, 'pro');
  const handle = uniqueHandle();
  expect((await setHandle(as, handle)).statusCode).toBe(200);
  const id = await createCategory(as, name);
  if (tier !== 'pro') {
    const rows = { free: { accountType: 'free' }, trial: { accountType: 'trial', trialEndsAt: new Date(Date.now() + 5 * DAY_MS) } };
    const values =
      tier === 'trialExpired' ? { accountType: 'trial', trialEndsAt: new Date(Date.now() - DAY_MS) } : rows[tier as 'free' | 'trial'];
    await t.ctx.database.db.update(users).set(values).where(eq(users.id, as.user.id));
  }
  return { as, handle, id };
}

describe('PUT /api/user/handle', () => {
  it('takes 3–30 lowercase letters, digits and hyphens, refuses reserved words and a taken handle', async () => {
    const as = await signedInUser(t, 'free');
    for (const bad of ['ab', 'x'.repeat(31), 'Ada', 'ada_l', 'ada l', 'ädä', 42]) {
      const res = await setHandle(as, bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await setHandle(as, 'Ada')).json().message).toBe('Handles are 3 to 30 characters: lowercase letters, digits and hyphens');
    for (const reserved of ['api', 'admin', 'settings', 'dashboard', 'signup', 'read', 'pricing', 'checkout']) {
      const res = await setHandle(as, reserved);
      expect(res.statusCode, reserved).toBe(400);
      expect(res.json().message).toBe('That handle is reserved. Please choose another one.');
    }
    const handle = uniqueHandle();
    expect((await setHandle(as, handle)).json()).toEqual({ handle });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: as.headers })).json().handle).toBe(handle);
    const other = await signedInUser(t, 'free');
    const taken = await setHandle(other, handle);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That handle is taken. Please choose another one.');
  });
});

describe('PATCH /api/categories/:id (publishing)', () => {
  it('publishes a Pro or trial category at /@handle/slug, with public, showNotes and publicUrl in the answers', async () => {
    for (const tier of ['pro', 'trial'] as const) {
      const { as, handle, id } = await publisher(tier);
      const res = await patch(as, id, { public: true, description: 'Systems languages' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        name: 'Rust & Go',
        public: true,
        showNotes: false,
        publicUrl: `http://localhost:3000/@${handle}/rust-go`,
      });
      const listed = (await t.app.inject({ method: 'GET', url: '/api/categories', headers: as.headers })).json();
      expect(listed).toEqual([res.json()]);
    }
  });

  it('refuses free accounts and expired trials with the reason, and publishes nothing', async () => {
    for (const tier of ['free', 'trialExpired'] as const) {
      const { as, handle, id } = await publisher(tier);
      const res = await patch(as, id, { public: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Publishing a category is a Pro feature');
      expect((await open(`/@${handle}/rust-go`)).statusCode).toBe(404);
    }
  });

  it("is owner-only: another user's category id answers 404 and stays unpublished", async () => {
    const { id, handle } = await publisher();
    const stranger = await signedInUser(t, 'pro');
    await setHandle(stranger, uniqueHandle());
    const res = await patch(stranger, id, { public: true });
    expect(res.statusCode).toBe(404);
    expect((await patch(stranger, 'not-an-id', { public: true })).statusCode).toBe(404);
    expect((await open(`/@${handle}/rust-go`)).statusCode).toBe(404);
  });

  it('asks for a handle first', async () => {
    const as = await signedInUser(t, 'pro');
    const id = await createCategory(as, 'Reading');
    const res = await patch(as, id, { public: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Choose a public handle in Settings → Profile before publishing.');
  });

  it('gives two categories with the same slug different addresses', async () => {
    const { as, handle, id } = await publisher('pro', 'C++');
    const second = await createCategory(as, 'C');
    const third = await createCategory(as, 'c!');
    expect((await patch(as, id, { public: true })).json().publicUrl).toBe(`http://localhost:3000/@${handle}/c`);
    expect((await patch(as, second, { public: true })).json().publicUrl).toBe(`http://localhost:3000/@${handle}/c-2`);
    expect((await patch(as, third, { public: true })).json().publicUrl).toBe(`http://localhost:3000/@${handle}/c-3`);
    // Unpublishing and publishing again keeps the address.
    await patch(as, second, { public: false });
    expect((await patch(as, second, { public: true })).json().publicUrl).toBe(`http://localhost:3000/@${handle}/c-2`);
  });
});

describe('GET /@handle/slug', () => {
  it("shows the category's links newest first, server-rendered, with Open Graph tags, feeds, ugc nofollow and noindex", async () => {
    const { as, id } = await publisher();
    await createLinks(t.ctx, as.user, [
      {
        title: 'Older <b>post</b>',
        url: 'https://old.example/a',
        categories: ['Rust & Go'],
        createdAt: new Date('2026-01-01T10:00:00Z'),
        excerpt: 'Old excerpt',
        readingMinutes: 4,
        siteName: 'Old Site',
        notes: 'my private note',
      },
      { title: 'Newer post', url: 'https://new.example/b', categories: ['Rust & Go', 'Work'], createdAt: new Date('2026-02-01T10:00:00Z') },
      { title: 'Elsewhere', categories: ['Work'] },
    ]);
    const publicUrl = (await patch(as, id, { public: true, description: 'Systems languages' })).json().publicUrl;
    const res = await open(pathOf(publicUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html.indexOf('Newer post')).toBeLessThan(html.indexOf('Older &lt;b&gt;post&lt;/b&gt;'));
    expect(html).not.toContain('Elsewhere');
    expect(html).toContain('Old Site · 4 min read · Saved Jan 1, 2026');
    expect(html).toContain('Old excerpt');
    expect(html).toContain('<a href="https://old.example/a" rel="ugc nofollow">');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<meta property="og:title" content="Rust &amp; Go');
    expect(html).toContain('<meta property="og:description" content="Systems languages"/>');
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml" title="Rust &amp; Go (Atom)" href="${publicUrl}/feed.xml"/>`);
    expect(html).toContain(`href="${publicUrl}/feed.rss"`);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('my private note');
    expect(html).not.toContain(as.user.email);

    await patch(as, id, { public: true, showNotes: true, allowIndexing: true });
    const withNotes = (await open(pathOf(publicUrl))).body;
    expect(withNotes).toContain('my private note');
    expect(withNotes).toContain('<meta name="robots" content="index, follow"/>');
  });

  it('pages 20 links at a time', async () => {
    const { as, id } = await publisher();
    await createLinks(
      t.ctx,
      as.user,
      Array.from({ length: 25 }, (_, i) => ({
        title: `Link number ${i}.`,
        categories: ['Rust & Go'],
        createdAt: new Date(Date.UTC(2026, 0, 1, i)),
      })),
    );
    const path = pathOf((await patch(as, id, { public: true })).json().publicUrl);
    const first = (await open(path)).body;
    expect(first).toContain('Link number 24.');
    expect(first).toContain('Link number 5.');
    expect(first).not.toContain('Link number 4.');
    expect(first).toContain(`href="http://localhost:3000${path}?page=2">Older links`);
    const second = (await open(`${path}?page=2`)).body;
    expect(second).toContain('Link number 4.');
    expect(second).toContain('Link number 0.');
    expect(second).not.toContain('Link number 5.');
    expect(second).not.toContain('Older links');
  });

  it('answers 404 at once when unpublished, and for addresses that never were', async () => {
    const { as, handle, id } = await publisher();
    const path = pathOf((await patch(as, id, { public: true })).json().publicUrl);
    expect((await open(path)).statusCode).toBe(200);
    expect((await patch(as, id, { public: false })).json()).toMatchObject({ public: false, publicUrl: null });
    for (const url of [path, `${path}/feed.xml`, `${path}/feed.rss`, `/@${handle}/nothing`, '/@nobody-here/rust-go']) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('This page is not here');
    }
  });

  it("stays readable 30 days after the owner's Pro ended, then goes away and the owner is mailed", async () => {
    const { as, id } = await publisher();
    const path = pathOf((await patch(as, id, { public: true })).json().publicUrl);
    const endedAt = (daysAgo: number) =>
      t.ctx.database.db
        .update(users)
        .set({ accountType: 'free', subscriptionEndsAt: new Date(Date.now() - daysAgo * DAY_MS) })
        .where(eq(users.id, as.user.id));
    await endedAt(10);
    expect((await open(path)).statusCode).toBe(200);
    // Read-only: the lapsed owner cannot change it, only take it down.
    expect((await patch(as, id, { public: true, showNotes: true })).statusCode).toBe(403);
    await unpublishLapsedPages(t.ctx, new Date());
    expect((await mailsTo(t.ctx, as.user.email)).filter((mail) => mail.template === 'sharing-removed')).toHaveLength(0);

    await endedAt(31);
    expect((await open(path)).statusCode).toBe(404);
    await unpublishLapsedPages(t.ctx, new Date());
    const mail = await waitForMail(t.ctx, as.user.email, 'sharing-removed');
    expect(mail.subject).toBe('Your public Stash page is no longer public');
    expect(mail.text).toContain('Your public page “Rust & Go” is no longer public');
    const [row] = await t.ctx.database.db.select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({ public: false, removedReason: 'lapsed' });
  });
});

describe('GET /@handle/slug kept between requests', () => {
  it('is never stale: a link added, edited or deleted, description, notes, indexing, handle, unpublishing', async () => {
    const { as, id } = await publisher();
    const [first] = await createLinks(t.ctx, as.user, [
      { title: 'First post', categories: ['Rust & Go'], notes: 'a note', createdAt: new Date('2026-01-01T10:00:00Z') },
    ]);
    let path = pathOf((await patch(as, id, { public: true })).json().publicUrl);
    for (let read = 0; read < 2; read++) expect((await open(path)).body).toContain('First post');

    await createLinks(t.ctx, as.user, [{ title: 'Second post', categories: ['Rust & Go'], createdAt: new Date('2026-01-02T10:00:00Z') }]);
    expect((await open(path)).body).toContain('Second post');
    const editLink = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/links/${first.id}`, headers: as.headers, payload });
    expect((await editLink({ title: 'First post, edited' })).statusCode).toBe(200);
    expect((await open(path)).body).toContain('First post, edited');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/links/${first.id}`, headers: as.headers })).statusCode).toBe(204);
    expect((await open(path)).body).not.toContain('First post');

    expect((await patch(as, id, { public: true, description: 'Now with a description' })).statusCode).toBe(200);
    expect((await open(path)).body).toContain('<meta name="description" content="Now with a description"/>');
    const [noted] = await createLinks(t.ctx, as.user, [{ title: 'Noted', categories: ['Rust & Go'], notes: 'the owner says' }]);
    expect((await open(path)).body).not.toContain('the owner says');
    await patch(as, id, { public: true, showNotes: true, allowIndexing: true });
    let html = (await open(path)).body;
    expect(html).toContain('the owner says');
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
    await patch(as, id, { public: true, allowIndexing: false });
    expect((await open(path)).body).toContain('<meta name="robots" content="noindex"/>');
    await t.app.inject({ method: 'PATCH', url: `/api/links/${noted.id}`, headers: as.headers, payload: { notes: 'changed my mind' } });
    html = (await open(path)).body;
    expect(html).toContain('changed my mind');
    expect(html).not.toContain('the owner says');

    const handle = uniqueHandle();
    expect((await setHandle(as, handle)).statusCode).toBe(200);
    expect((await open(path)).statusCode).toBe(404);
    path = `/@${handle}/rust-go`;
    expect((await open(path)).body).toContain(`http://localhost:3000${path}/feed.xml`);

    expect((await patch(as, id, { public: false })).statusCode).toBe(200);
    expect((await open(path)).statusCode).toBe(404);
    expect((await patch(as, id, { public: true })).statusCode).toBe(200);
    expect((await open(path)).statusCode).toBe(200);
  });

  it('answers 304 to its ETag while nothing changed, counting the view, and the new page after a change', async () => {
    const { as, id } = await publisher();
    const path = pathOf((await patch(as, id, { public: true })).json().publicUrl);
    const etag = (await open(path)).headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createLinks(t.ctx, as.user, [{ title: 'Fresh link', categories: ['Rust & Go'] }]);
    const changed = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Fresh link');
    const overview = (await t.app.inject({ method: 'GET', url: '/api/sharing', headers: as.headers })).json();
    expect(overview.categories).toEqual([expect.objectContaining({ id, pageViews30d: 3 })]);
  });

  it("closes a lapsed Pro's page when its 30 days end, with nothing changed in the database", async () => {
    const { as, id } = await publisher();
    const path = pathOf((await patch(as, id, { public: true })).json().publicUrl);
    await t.ctx.database.db
      .update(users)
      .set({ accountType: 'free', subscriptionEndsAt: new Date(Date.now() - 30 * DAY_MS + 60 * 60 * 1000) })
      .where(eq(users.id, as.user.id));
    for (const url of [path, `${path}/feed.xml`]) expect((await open(url)).statusCode, url).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60 * 1000 });
    try {
      for (const url of [path, `${path}/feed.xml`]) expect((await open(url)).statusCode, url).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A link with a readable copy, of the user. */
async function linkWithCopy(as: SignedInUser, notes = 'secret owner note') {
  const [link] = await createLinks(t.ctx, as.user, [
    {
      title: 'A readable article',
      url: 'https://articles.example/read',
      notes,
      categories: ['Private-Category-Name'],
      contentStatus: 'ready',
    },
  ]);
  await t.ctx.database.db.insert(pageCopies).values({
    linkId: link.id,
    userId: as.user.id,
    linkCreatedAt: link.createdAt,
    kind: 'article',
    url: link.url,
    title: 'A readable article',
    siteName: 'Articles',
    readingMinutes: 3,
    html: '<p>The article body.</p><p><a href="https://elsewhere.example/">a link</a><img src="https://img.example/a.png" alt="pic"></p>',
    text: 'The article body. a link',
  });
  return link;
}

describe('shared links', () => {
  const share = (as: SignedInUser, linkId: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/shared-links', headers: as.headers, payload: { linkId } });

  it('shows the readable copy and the original URL to anyone, never notes, categories or account; revoking makes it 404', async () => {
    const as = await signedInUser(t, 'free');
    const link = await linkWithCopy(as);
    const res = await share(as, link.id);
    expect(res.statusCode).toBe(201);
    const { shareUrl, id } = res.json();
    expect(shareUrl).toMatch(/^http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]{43}$/);

    const page = await open(pathOf(shareUrl));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The article body.');
    expect(page.body).toContain('<a href="https://articles.example/read" rel="ugc nofollow">');
    expect(page.body).toContain('<a rel="ugc nofollow noopener noreferrer" href="https://elsewhere.example/">');
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    for (const secret of ['secret owner note', 'Private-Category-Name', as.user.email, as.user.lastName!])
      expect(page.body).not.toContain(secret);

    const overview = (await t.app.inject({ method: 'GET', url: '/api/sharing', headers: as.headers })).json();
    expect(overview.sharedLinks).toEqual([
      { id, linkId: link.id, title: 'A readable article', url: 'https://articles.example/read', createdAt: expect.any(String), views: 1 },
    ]);

    const stranger = await signedInUser(t, 'free');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shared-links/${id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await open(pathOf(shareUrl))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shared-links/${id}`, headers: as.headers })).statusCode).toBe(204);
    expect((await open(pathOf(shareUrl))).statusCode).toBe(404);
  });

  it("refuses another user's link (404) and a link without a readable copy (409)", async () => {
    const as = await signedInUser(t, 'free');
    const theirs = await linkWithCopy(await signedInUser(t, 'free'));
    expect((await share(as, theirs.id)).statusCode).toBe(404);
    const [plain] = await createLinks(t.ctx, as.user, [{ title: 'No copy' }]);
    const res = await share(as, plain.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a link with a readable copy can be shared.');
  });
});

describe('Settings → Sharing and takedowns', () => {
  it('counts page views and feed fetches of the last 30 days', async () => {
    const { as, id } = await publisher();
    const path = pathOf((await patch(as, id, { public: true })).json().publicUrl);
    await open(path);
    await open(`${path}?page=2`);
    await open(`${path}/feed.xml`);
    const overview = (await t.app.inject({ method: 'GET', url: '/api/sharing', headers: as.headers })).json();
    expect(overview.categories).toEqual([
      {
        id,
        name: 'Rust & Go',
        publicUrl: `http://localhost:3000${path}`,
        pageViews30d: 2,
        feedFetches30d: 1,
        subscribers: 0,
        lastDigestSentAt: null,
      },
    ]);
  });

  it('writes the views counted in memory when the server closes', async () => {
    const closing = await startTestApp();
    try {
      const as = await signedInUser(closing, 'pro');
      await closing.app.inject({ method: 'PUT', url: '/api/user/handle', headers: as.headers, payload: { handle: uniqueHandle() } });
      const made = await closing.app.inject({ method: 'POST', url: '/api/categories', headers: as.headers, payload: { name: 'Closing' } });
      const id = made.json().id as string;
      const published = await closing.app.inject({
        method: 'PATCH',
        url: `/api/categories/${id}`,
        headers: as.headers,
        payload: { public: true },
      });
      const path = pathOf(published.json().publicUrl);
      for (let i = 0; i < 3; i++) expect((await closing.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      expect((await closing.app.inject({ method: 'GET', url: `${path}/feed.rss` })).statusCode).toBe(200);
      // Nothing written yet: the counts wait in memory for their next write, seconds away.
      expect(await closing.ctx.database.db.select().from(publicPageStats)).toEqual([]);
      await closing.app.close();
      expect(await closing.ctx.database.db.select().from(publicPageStats)).toEqual([
        expect.objectContaining({ categoryId: id, pageViews: 3, feedFetches: 1 }),
      ]);
    } finally {
      await closing.close();
    }
  });

  it('lets an administrator take down a page or shared link by its address; the owner is mailed why and cannot republish', async () => {
    const { as, id } = await publisher();
    const publicUrl = (await patch(as, id, { public: true })).json().publicUrl;
    const admin = await signedInUser(t, 'pro', { role: 'admin' });
    const takedown = (who: SignedInUser, url: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/takedowns', headers: who.headers, payload: { url, reason: 'Spam links' } });

    expect((await takedown(as, publicUrl)).statusCode).toBe(403);
    expect((await open(pathOf(publicUrl))).statusCode).toBe(200);
    expect((await takedown(admin, publicUrl)).json()).toEqual({ removed: 'page' });
    expect((await open(pathOf(publicUrl))).statusCode).toBe(404);
    const mail = await waitForMail(t.ctx, as.user.email, 'sharing-removed');
    expect(mail.text).toContain('An administrator took down your public page “Rust & Go”');
    expect(mail.text).toContain('Why: Spam links');
    const again = await patch(as, id, { public: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An administrator took this page down; it cannot be published again.');

    const link = await linkWithCopy(as);
    const { shareUrl } = (
      await t.app.inject({ method: 'POST', url: '/api/shared-links', headers: as.headers, payload: { linkId: link.id } })
    ).json();
    expect((await takedown(admin, shareUrl)).json()).toEqual({ removed: 'sharedLink' });
    expect((await open(pathOf(shareUrl))).statusCode).toBe(404);
    expect((await takedown(admin, shareUrl)).statusCode).toBe(404);
  });
});
