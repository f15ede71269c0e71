import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { categories, links } from '../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = (as: SignedInUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: as.headers.cookie } });
const create = (as: SignedInUser, name: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/categories', headers: as.headers, payload: { name } });
const remove = (as: SignedInUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers: as.headers });
const categoriesOf = (userId: string) => t.ctx.database.db.select().from(categories).where(eq(categories.userId, userId));

describe('POST /api/categories', () => {
  it('creates a custom category for pro and trial accounts', async () => {
    for (const tier of ['pro', 'trial'] as const) {
      const as = await signedInUser(t, tier);
      const res = await create(as, '  Recipes ');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(String),
        name: 'Recipes',
        public: false,
        showNotes: false,
        allowIndexing: false,
        description: null,
        publicUrl: null,
        removedReason: null,
      });
      expect((await get(as, '/api/categories')).json()).toEqual([res.json()]);
    }
  });

  it('refuses free accounts and expired trials: a Pro feature', async () => {
    for (const tier of ['free', 'trialExpired'] as const) {
      const as = await signedInUser(t, tier);
      const res = await create(as, 'Recipes');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Custom categories are a Pro feature');
      expect(await categoriesOf(as.user.id)).toHaveLength(0);
    }
  });

  it('refuses an empty name and a name a preset or own category already has, in any case', async () => {
    const as = await signedInUser(t, 'pro');
    for (const name of ['', '   ', 42]) {
      const res = await create(as, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid category name');
    }
    expect((await create(as, 'x'.repeat(51))).json().message).toBe('Category names must be at most 50 characters');
    expect((await create(as, 'Recipes')).statusCode).toBe(201);
    for (const name of ['recipes', 'RECIPES', 'article', 'Uncategorized']) {
      const res = await create(as, name);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Category already exists');
    }
    // Another user's category of that name is no conflict.
    expect((await create(await signedInUser(t, 'pro'), 'Recipes')).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous creations of a name through', async () => {
    const as = await signedInUser(t, 'pro');
    const answers = await Promise.all([create(as, 'Travel'), create(as, 'travel'), create(as, 'TRAVEL')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await categoriesOf(as.user.id)).toHaveLength(1);
  });
});

describe('GET /api/categories, /all-used and /with-counts', () => {
  it("list the user's own categories and the ones on their links, with counts", async () => {
    const as = await signedInUser(t, 'pro');
    const other = await signedInUser(t, 'pro');
    await create(as, 'Zines');
    await create(as, 'books');
    await create(other, 'Theirs');
    await createLinks(t.ctx, as.user, [
      { category: 'News', categories: ['News', 'Work'] },
      { category: 'News', categories: ['News'] },
      { category: 'Uncategorized', categories: ['Uncategorized'] },
    ]);
    await createLinks(t.ctx, other.user, [{ category: 'Theirs', categories: ['Theirs'] }]);

    expect((await get(as, '/api/categories')).json().map((c: { name: string }) => c.name)).toEqual(['books', 'Zines']);
    expect((await get(as, '/api/categories/all-used')).json()).toEqual(['News', 'Uncategorized', 'Work']);
    expect((await get(as, '/api/categories/with-counts')).json()).toEqual([
      { category: 'News', count: 2 },
      { category: 'Uncategorized', count: 1 },
      { category: 'Work', count: 1 },
    ]);
  });

  it('need someone signed in', async () => {
    for (const url of ['/api/categories', '/api/categories/all-used', '/api/categories/with-counts']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('DELETE /api/categories/{id}', () => {
  it('deletes the category; links keep the name as text', async () => {
    const as = await signedInUser(t, 'pro');
    const { id } = (await create(as, 'Recipes')).json();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: as.headers,
      payload: { url: 'example.com/soup', categories: ['Recipes'] },
    });
    const linkId = saved.json().link.id;

    expect((await remove(as, id)).statusCode).toBe(204);
    expect(await categoriesOf(as.user.id)).toHaveLength(0);
    const [link] = await t.ctx.database.db.select().from(links).where(eq(links.id, linkId));
    expect(link).toMatchObject({ category: 'Recipes', categories: ['Recipes'], categoryId: null });
    expect((await get(as, '/api/categories/all-used')).json()).toEqual(['Recipes']);
  });

  it("answers 404 for another user's category and keeps it", async () => {
    const owner = await signedInUser(t, 'pro');
    const intruder = await signedInUser(t, 'pro');
    const { id } = (await create(owner, 'Mine')).json();
    for (const target of [id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await remove(intruder, target);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('There is no such category.');
    }
    expect(await categoriesOf(owner.user.id)).toHaveLength(1);
  });
});
