import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { sessions, users } from '../db/schema';
import { accountLimitKey } from './sign-in';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

function change(cookie: string | undefined, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { ...OWN_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

async function passwordHashOf(id: string) {
  const [row] = await t.ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row.hash;
}

describe('POST /api/auth/change-password', () => {
  it('changes the password and ends every other session, keeping this one', async () => {
    const user = await createUser(t.ctx);
    const here = await signIn(t, user);
    const elsewhere = await signIn(t, user);

    const res = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'a new password', confirmPassword: 'a new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Password changed successfully' });

    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect(await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: OWN_ORIGIN, payload: { email: user.email, password } });
    expect((await login('a new password')).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createUser(t.ctx);
    const res = await change(await signIn(t, user), { currentPassword: 'not my password', newPassword: 'a new password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Current password is incorrect' });
    expect(await passwordHashOf(user.id)).toBe(user.passwordHash);
  });

  it('counts wrong current passwords against the failed-login limit', async () => {
    const user = await createUser(t.ctx);
    const { key, rules } = accountLimitKey(user.email);
    for (let i = 0; i < 10; i++) await t.ctx.rateLimiter.attempt(key, rules);
    const res = await change(await signIn(t, user), { currentPassword: TEST_PASSWORD, newPassword: 'a new password' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('gives the documented messages', async () => {
    const cookie = await signIn(t, await createUser(t.ctx));
    const cases: [object, string, string][] = [
      [{ currentPassword: '', newPassword: 'a new password' }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: 'x', newPassword: 'short' }, 'newPassword', 'New password must be at least 8 characters'],
      [{ currentPassword: 'x', newPassword: 'a new password', confirmPassword: '' }, 'confirmPassword', 'Please confirm your new password'],
      [
        { currentPassword: 'x', newPassword: 'a new password', confirmPassword: 'another one' },
        'confirmPassword',
        "New passwords don't match",
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await change(cookie, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    }
  });

  it('needs someone signed in, before looking at the body', async () => {
    const res = await change(undefined, {});
    expect(res.statusCode).toBe(401);
  });

  it('is not for accounts of an external sign-in provider', async () => {
    const user = await createUser(t.ctx, { passwordHash: null, authProvider: 'google' });
    const res = await change(await signIn(t, user), { currentPassword: 'whatever', newPassword: 'a new password' });
    expect(res.statusCode).toBe(403);
  });
});
