import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, mailsTo, OWN_ORIGIN, signIn, TEST_PASSWORD, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createApiToken } from '../api-tokens/service';
import { startPairing } from '../extension-pairing/service';
import type { User } from './current-user';
import { accountLimitKey } from './sign-in';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

let ips = 0;
const newIp = () => `10.2.0.${++ips}`;

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password: string, remoteAddress = newIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: OWN_ORIGIN, payload: { email, password }, remoteAddress });
const exchange = (code: string) => t.app.inject({ method: 'POST', url: '/api/extension-auth/exchange', payload: { code } });

async function resetPassword(user: User, password: string): Promise<void> {
  const before = (await mailsTo(t.ctx, user.email)).length;
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: OWN_ORIGIN,
    payload: { email: user.email },
    remoteAddress: newIp(),
  });
  await expect.poll(async () => (await mailsTo(t.ctx, user.email)).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const token = linkToken(await waitForMail(t.ctx, user.email, 'reset-password'));
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: OWN_ORIGIN, payload: { token, password } });
  expect(res.statusCode).toBe(200);
}

describe('a password reset', () => {
  // Each password check is a real scrypt hash: slow on a loaded machine, hence the longer time-outs.
  it('signs out everywhere and revokes every API token and extension pairing, even one not yet exchanged', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const { token } = await createApiToken(t.ctx.database.db, user.id, 'Stash for Chrome');
    const pendingCode = startPairing(t.ctx, user.id);
    expect((await me(bearer(token))).statusCode).toBe(200);

    await resetPassword(user, 'a brand new password');

    expect((await me({ cookie })).statusCode).toBe(401);
    expect((await me(bearer(token))).statusCode).toBe(401);
    expect((await exchange(pendingCode)).statusCode).toBe(400);
    // A pairing started after the reset works.
    expect((await exchange(startPairing(t.ctx, user.id))).statusCode).toBe(201);
  }, 120_000);

  it('lifts the failed-sign-in limit, so the owner is not locked out by a guesser', async () => {
    const user = await createUser(t.ctx);
    // Ten wrong guesses in a minute, counted as sign-in counts them (without ten real password hashes).
    const { key, rules } = accountLimitKey(user.email);
    for (let i = 0; i < 10; i++) await t.ctx.rateLimiter.attempt(key, rules);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);

    await resetPassword(user, 'a brand new password');
    expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);
  }, 120_000);
});

describe('a password change', () => {
  it('signs out the other sessions, keeps API tokens but counts them, and all of them can then be revoked', async () => {
    const user = await createUser(t.ctx);
    const here = await signIn(t, user);
    const elsewhere = await signIn(t, user);
    const { token } = await createApiToken(t.ctx.database.db, user.id, 'My script');
    expect((await me(bearer(token))).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...OWN_ORIGIN, cookie: here },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another long password', confirmPassword: 'another long password' },
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ apiTokenCount: 1 });
    expect((await me({ cookie: here })).statusCode).toBe(200);
    expect((await me({ cookie: elsewhere })).statusCode).toBe(401);

    // Settings lists the token with its last use.
    const listed = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie: here } });
    expect(listed.json()).toEqual([expect.objectContaining({ name: 'My script', lastUsedAt: expect.any(String) })]);

    const revoked = await t.app.inject({ method: 'DELETE', url: '/api/tokens', headers: { ...OWN_ORIGIN, cookie: here } });
    expect(revoked.statusCode).toBe(204);
    expect((await me(bearer(token))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie: here } })).json()).toEqual([]);
  }, 120_000);
});
