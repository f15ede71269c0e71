import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const lookup = (as: Pick<SignedInUser, 'headers'>, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/links/lookup?${new URLSearchParams({ url })}`, headers: { cookie: as.headers.cookie } });

describe('GET /api/links/lookup', () => {
  it('finds the newest saved link to the same page, by the duplicate rules', async () => {
    const as = await signedInUser(t, 'trial');
    const [older] = await createLinks(t.ctx, as.user, [{ url: 'https://example.com/story', createdAt: new Date(Date.now() - 60_000) }]);
    const [newer] = await createLinks(t.ctx, as.user, [{ url: 'https://example.com/story?utm_source=x' }]);
    const res = await lookup(as, 'http://EXAMPLE.com/story/?fbclid=1#top');
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toMatchObject({ id: newer.id, url: 'https://example.com/story?utm_source=x' });
    expect(res.json().link.id).not.toBe(older.id);
  });

  it('answers null for a page not saved, and for pages of other users', async () => {
    const mine = await signedInUser(t, 'trial');
    const theirs = await signedInUser(t, 'trial');
    await createLinks(t.ctx, theirs.user, [{ url: 'https://example.com/theirs' }]);
    expect((await lookup(mine, 'https://example.com/theirs')).json()).toEqual({ link: null });
  });

  it('checks the URL as saving does', async () => {
    const as = await signedInUser(t, 'trial');
    const res = await lookup(as, 'http://');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid website address');
  });

  it('needs someone signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/links/lookup?url=example.com' })).statusCode).toBe(401);
  });
});
