import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, OWN_ORIGIN, sessionCookieFrom, signIn, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.com, chief@example.com, deputy@example.com, head@example.com' } });
});

afterAll(async () => {
  await t?.close();
});

const isAdmin = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json().isAdmin;
const publish = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/releases',
    headers: { ...OWN_ORIGIN, cookie },
    payload: { title: 'T', description: 'D', type: 'feature', isPublished: false },
  });

describe('administrator rights (ADMIN_EMAILS)', () => {
  it('are not given to a sign-up with a listed address until that address is verified', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: OWN_ORIGIN,
      payload: { firstName: 'Mallory', lastName: 'M', email: 'Boss@Example.com', password: 'a long password' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = sessionCookieFrom(t, res)!;
    expect(await isAdmin(cookie)).toBe(false);
    expect((await publish(cookie)).statusCode).toBe(403);

    // The link opened in the browser that signed up.
    const token = linkToken(await waitForMail(t.ctx, 'boss@example.com', 'verify-email'));
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}`, headers: { cookie } })).statusCode).toBe(200);
    expect(await isAdmin(cookie)).toBe(true);
    expect((await publish(cookie)).statusCode).toBe(201);
  });

  it('are not given to a sign-up whose address someone else verifies, until a password is set through a reset mail', async () => {
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: OWN_ORIGIN,
      payload: { firstName: 'Mallory', lastName: 'M', email: 'head@example.com', password: 'the squatter password' },
    });
    const cookie = sessionCookieFrom(t, squatter)!;
    // The address's owner opens the verification mail in their own browser.
    const token = linkToken(await waitForMail(t.ctx, 'head@example.com', 'verify-email'));
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()).toMatchObject({
      emailVerified: true,
      isAdmin: false,
    });
    expect((await publish(cookie)).statusCode).toBe(403);

    // The owner takes the account with a reset mail: now it is theirs, and an administrator's.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: OWN_ORIGIN, payload: { email: 'head@example.com' } });
    const resetToken = linkToken(await waitForMail(t.ctx, 'head@example.com', 'reset-password'));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: OWN_ORIGIN,
      payload: { token: resetToken, password: 'the owner password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: OWN_ORIGIN,
      payload: { email: 'head@example.com', password: 'the owner password' },
    });
    expect(await isAdmin(sessionCookieFrom(t, login)!)).toBe(true);
  });

  it('are not given by changing the profile address to a listed one', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...OWN_ORIGIN, cookie },
      payload: { firstName: 'Mallory', lastName: 'M', email: 'chief@example.com', currentPassword: 'correct horse battery staple' },
    });
    expect(await isAdmin(cookie)).toBe(false);
    expect((await publish(cookie)).statusCode).toBe(403);

    // The listed address's owner opens the confirmation in their own browser: still no rights.
    const token = linkToken(await waitForMail(t.ctx, 'chief@example.com', 'verify-email'));
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()).toMatchObject({
      email: 'chief@example.com',
      isAdmin: false,
    });
  });

  it('stay with a listed, unverified account created directly: it is not an administrator', async () => {
    const user = await createUser(t.ctx, { email: 'deputy@example.com', emailVerified: false });
    expect(await isAdmin(await signIn(t, user))).toBe(false);
  });
});
