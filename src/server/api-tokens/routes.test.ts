import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { apiTokens } from '../db/schema';
import { hashToken } from '../auth/tokens';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

function createToken(cookie: string, name = 'Browser extension') {
  return t.app.inject({ method: 'POST', url: '/api/tokens', headers: { ...OWN_ORIGIN, cookie }, payload: { name } });
}

async function newToken(): Promise<{ cookie: string; token: string; id: string; userId: string }> {
  const user = await createUser(t.ctx);
  const cookie = await signIn(t, user);
  const { token, id } = (await createToken(cookie)).json();
  return { cookie, token, id, userId: user.id };
}

const withBearer = (token: string) => ({ authorization: `Bearer ${token}` });
const currentUserWith = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers });

describe('POST /api/tokens', () => {
  it('shows a 128-bit token once and stores only its SHA-256', async () => {
    const user = await createUser(t.ctx);
    const res = await createToken(await signIn(t, user));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Browser extension',
      prefix: created.token.slice(0, 10),
      createdAt: expect.any(String),
      lastUsedAt: null,
      token: expect.any(String),
    });
    expect(created.token).toMatch(/^stash_[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(created.token.slice(6), 'base64url')).toHaveLength(16);

    const [row] = await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('needs a name', async () => {
    const res = await createToken(await signIn(t, await createUser(t.ctx)), '  ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Token name is required' });
  });
});

describe('GET /api/tokens', () => {
  it("lists the user's own tokens, never a token or its hash", async () => {
    const mine = await newToken();
    await newToken();
    const res = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie: mine.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: mine.id, name: 'Browser extension', prefix: mine.token.slice(0, 10), createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(res.body).not.toContain(mine.token);
    expect(res.body).not.toContain(hashToken(mine.token));
  });

  it('needs someone signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tokens' })).statusCode).toBe(401);
  });
});

describe('Bearer tokens', () => {
  it('sign a request in and note when the token was last used', async () => {
    const { token, id, userId } = await newToken();
    const res = await currentUserWith(withBearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(userId);
    const [row] = await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('stop working the moment they are revoked', async () => {
    const { cookie, token, id } = await newToken();
    expect((await currentUserWith(withBearer(token))).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: { ...OWN_ORIGIN, cookie } });
    expect(revoked.statusCode).toBe(204);
    expect((await currentUserWith(withBearer(token))).statusCode).toBe(401);
  });

  it('count for nothing when unknown, even beside a valid cookie', async () => {
    const { cookie } = await newToken();
    expect((await currentUserWith(withBearer('stash_AAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(401);
    expect((await currentUserWith({ ...withBearer('garbage'), cookie })).statusCode).toBe(401);
  });

  it('cannot change the password, delete the account or manage tokens', async () => {
    const { token, id } = await newToken();
    const bearer = withBearer(token);
    const attempts = [
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer,
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'a new password' },
      }),
      t.app.inject({ method: 'DELETE', url: '/api/user', headers: bearer, payload: { password: TEST_PASSWORD } }),
      t.app.inject({ method: 'GET', url: '/api/tokens', headers: bearer }),
      t.app.inject({ method: 'POST', url: '/api/tokens', headers: bearer, payload: { name: 'another' } }),
      t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: bearer }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await currentUserWith(bearer)).statusCode).toBe(200);
  });
});

describe('DELETE /api/tokens/:id', () => {
  it("answers 404 for another user's token, and leaves it working", async () => {
    const theirs = await newToken();
    const mine = await newToken();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${theirs.id}`, headers: { ...OWN_ORIGIN, cookie: mine.cookie } });
    expect(res.statusCode).toBe(404);
    expect((await currentUserWith(withBearer(theirs.token))).statusCode).toBe(200);
  });

  it('answers 404 for an id that is no token at all', async () => {
    const { cookie } = await newToken();
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: { ...OWN_ORIGIN, cookie } });
      expect(res.statusCode, id).toBe(404);
    }
  });
});
