import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, reloadUser, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links } from '../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const patch = (as: SignedInUser, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/links/${id}`, headers: as.headers, payload });
const remove = (as: SignedInUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/links/${id}`, headers: as.headers });
const row = async (id: string) => (await t.ctx.database.db.select().from(links).where(eq(links.id, id)))[0];

describe('PATCH /api/links/{id}', () => {
  it('lets pro and trial accounts take a link out of the newsletter and back', async () => {
    for (const tier of ['pro', 'trial'] as const) {
      const as = await signedInUser(t, tier);
      const [link] = await createLinks(t.ctx, as.user, [{}]);
      const res = await patch(as, link.id, { includeInNewsletter: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: link.id, includeInNewsletter: false });
      expect((await patch(as, link.id, { includeInNewsletter: true })).json().includeInNewsletter).toBe(true);
    }
  });

  it('refuses the newsletter control to free accounts and expired trials with the documented text', async () => {
    for (const tier of ['free', 'trialExpired'] as const) {
      const as = await signedInUser(t, tier);
      const [link] = await createLinks(t.ctx, as.user, [{}]);
      const res = await patch(as, link.id, { includeInNewsletter: false });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Newsletter inclusion is a Pro feature. Upgrade to control which links appear in your email digests.',
      );
      expect((await row(link.id)).includeInNewsletter).toBe(true);
    }
  });

  it('marks read and unread for every tier, keeping when it was first read', async () => {
    const as = await signedInUser(t, 'free');
    const [link] = await createLinks(t.ctx, as.user, [{}]);
    const read = (await patch(as, link.id, { read: true })).json();
    expect(read.readAt).toEqual(expect.any(String));
    expect((await patch(as, link.id, { read: true })).json().readAt).toBe(read.readAt);
    expect((await patch(as, link.id, { read: false })).json().readAt).toBeNull();
  });

  it('needs something to change', async () => {
    const as = await signedInUser(t, 'pro');
    const [link] = await createLinks(t.ctx, as.user, [{}]);
    const res = await patch(as, link.id, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing to change');
  });

  it("answers 404 for another user's link, or no link, and changes nothing", async () => {
    const owner = await signedInUser(t, 'pro');
    const intruder = await signedInUser(t, 'pro');
    const [link] = await createLinks(t.ctx, owner.user, [{}]);
    for (const id of [link.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await patch(intruder, id, { includeInNewsletter: false, read: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('There is no such link.');
    }
    expect(await row(link.id)).toMatchObject({ includeInNewsletter: true, readAt: null });
  });
});

describe('DELETE /api/links/{id}', () => {
  it("deletes the user's own link and lowers their total, not this month's saves", async () => {
    const as = await signedInUser(t, 'free', { monthlyLinksUsed: 2, monthlyUsageResetAt: new Date(Date.now() + 86_400_000) });
    const [link, kept] = await createLinks(t.ctx, as.user, [{}, {}]);
    const res = await remove(as, link.id);
    expect(res.statusCode).toBe(204);
    expect(await row(link.id)).toBeUndefined();
    expect(await row(kept.id)).toBeDefined();
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 1, monthlyLinksUsed: 2 });
    expect((await remove(as, link.id)).statusCode).toBe(404);
    expect((await reloadUser(t.ctx, as.user.id)).linkCount).toBe(1);
  });

  it("answers 404 for another user's link and leaves it", async () => {
    const owner = await signedInUser(t, 'pro');
    const intruder = await signedInUser(t, 'pro');
    const [link] = await createLinks(t.ctx, owner.user, [{}]);
    expect((await remove(intruder, link.id)).statusCode).toBe(404);
    expect((await remove(intruder, 'garbage')).statusCode).toBe(404);
    expect(await row(link.id)).toBeDefined();
    expect((await reloadUser(t.ctx, owner.user.id)).linkCount).toBe(1);
  });

  it('needs our own origin', async () => {
    const as = await signedInUser(t, 'pro');
    const [link] = await createLinks(t.ctx, as.user, [{}]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/links/${link.id}`,
      headers: { cookie: as.headers.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await row(link.id)).toBeDefined();
  });
});
