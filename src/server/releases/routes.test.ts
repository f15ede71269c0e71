import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { releases } from '../db/schema';

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  admin = await signIn(t, await createUser(t.ctx, { email: 'boss@example.com' }));
  member = await signIn(t, await createUser(t.ctx));
});

afterAll(async () => {
  await t?.close();
});

const create = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: { ...OWN_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
const published = async () => (await t.app.inject({ method: 'GET', url: '/api/releases' })).json();

describe('GET /api/releases', () => {
  it('answers an empty list before anything is published', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/releases' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists published releases newest first, and never drafts', async () => {
    await t.ctx.database.db.insert(releases).values([
      { title: 'Old', description: 'First one', isPublished: true, releaseDate: new Date('2025-01-01T00:00:00Z') },
      { title: 'Draft', description: 'Not yet', isPublished: false },
      { title: 'New', description: 'Second one', type: 'fix', isPublished: true, releaseDate: new Date('2025-06-01T00:00:00Z') },
    ]);
    const list = await published();
    expect(list.map((r: { title: string }) => r.title)).toEqual(['New', 'Old']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      title: 'New',
      description: 'Second one',
      type: 'fix',
      version: null,
      releaseDate: '2025-06-01T00:00:00.000Z',
    });
  });
});

describe('POST /api/admin/releases', () => {
  it('lets an administrator publish at once: trimmed, dated now, visible on /releases', async () => {
    const res = await create(admin, {
      title: '  Search  ',
      description: ' Find any link. ',
      type: 'feature',
      version: '1.2.0',
      isPublished: true,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ title: 'Search', description: 'Find any link.', type: 'feature', version: '1.2.0', isPublished: true });
    expect(Date.now() - Date.parse(created.releaseDate)).toBeLessThan(60_000);
    expect(await published()).toContainEqual({ ...created, isPublished: undefined });
  });

  it('creates a draft when "Publish immediately" is not checked, with the type defaulting to improvement', async () => {
    const res = await create(admin, { title: 'Quietly', description: 'Not announced yet', version: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'improvement', version: null, isPublished: false });
    expect((await published()).map((r: { title: string }) => r.title)).not.toContain('Quietly');
  });

  it("refuses a blank title or description with the product's message", async () => {
    for (const payload of [{ description: 'x' }, { title: '   ', description: 'x' }, { title: 'x', description: ' \n ' }, { title: 'x' }]) {
      const res = await create(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Title and description are required');
    }
  });

  it('refuses a type outside feature, improvement and fix', async () => {
    const res = await create(admin, { title: 'x', description: 'y', type: 'breaking' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 403 to a signed-in user who is not an administrator, and 401 to nobody; nothing is created', async () => {
    expect((await create(member, { title: 'Hack', description: 'x', isPublished: true })).statusCode).toBe(403);
    expect((await create(undefined, { title: 'Hack', description: 'x', isPublished: true })).statusCode).toBe(401);
    const rows = await t.ctx.database.db.select().from(releases);
    expect(rows.map((row) => row.title)).not.toContain('Hack');
  });

  it('accepts an account with the admin role as well as ADMIN_EMAILS', async () => {
    const cookie = await signIn(t, await createUser(t.ctx, { role: 'admin' }));
    expect((await create(cookie, { title: 'By role', description: 'x' })).statusCode).toBe(201);
  });
});

describe('drafts: GET /api/admin/releases and POST /api/admin/releases/:id/publish', () => {
  it('lists drafts to administrators and publishes one, dated the day it goes out', async () => {
    const draft = (await create(admin, { title: 'Later', description: 'Soon' })).json();
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/releases', headers: { cookie: admin } });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toContainEqual(draft);

    await t.ctx.database.db
      .update(releases)
      .set({ releaseDate: new Date('2025-01-01T00:00:00Z') })
      .where(eq(releases.id, draft.id));
    const publish = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/releases/${draft.id}/publish`, headers: { ...OWN_ORIGIN, cookie: admin } });
    const res = await publish();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: draft.id, isPublished: true });
    expect(Date.now() - Date.parse(res.json().releaseDate)).toBeLessThan(60_000);
    expect((await published()).map((r: { title: string }) => r.title)).toContain('Later');
    expect((await publish()).json().releaseDate).toBe(res.json().releaseDate);
  });

  it('answers 404 for an unknown release and 403 to non-administrators', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases/00000000-0000-4000-8000-000000000000/publish',
      headers: { ...OWN_ORIGIN, cookie: admin },
    });
    expect(unknown.statusCode).toBe(404);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases/not-an-id/publish',
      headers: { ...OWN_ORIGIN, cookie: admin },
    });
    expect(garbage.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/releases', headers: { cookie: member } })).statusCode).toBe(403);
    const [draft] = await t.ctx.database.db.insert(releases).values({ title: 'Hidden', description: 'x' }).returning();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/releases/${draft.id}/publish`,
      headers: { ...OWN_ORIGIN, cookie: member },
    });
    expect(res.statusCode).toBe(403);
    expect((await published()).map((r: { title: string }) => r.title)).not.toContain('Hidden');
  });
});
