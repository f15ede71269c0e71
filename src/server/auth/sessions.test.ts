import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookieFrom, sessionTokenOf, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { sessions } from '../db/schema';
import { currentUser } from '../../shared/auth-schemas';
import { hashToken } from './tokens';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'someone@example.com, Boss@Example.COM' } });
});

afterAll(async () => {
  await t?.close();
});

function getUser(cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
}

async function sessionRows(userId: string) {
  return t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

const tokenOf = (cookie: string) => sessionTokenOf(t, cookie);

describe('GET /api/auth/user and /api/auth/check', () => {
  it('answers a visitor 401 on /api/auth/user but 200 with no user on /api/auth/check, and stores no session for them', async () => {
    const [{ before }] = await t.ctx.database.db.select({ before: count() }).from(sessions);
    const user = await getUser();
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED' });
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check' });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ isAuthenticated: false, user: null });
    await t.app.inject({ method: 'GET', url: '/' });
    for (const res of [user, check]) expect(res.headers['set-cookie']).toBeUndefined();
    const [{ after }] = await t.ctx.database.db.select({ after: count() }).from(sessions);
    expect(after).toBe(before);
  });

  it('shows the signed-in user with no secret field', async () => {
    const user = await createUser(t.ctx, {
      emailVerified: false,
      verificationTokenHash: 'v'.repeat(64),
      resetTokenHash: 'r'.repeat(64),
      stripeCustomerId: 'cus_123',
    });
    const cookie = await signIn(t, user);
    const res = await getUser(cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(currentUser.shape).sort());
    expect(body).toMatchObject({ id: user.id, hasStripeCustomer: true, billing: 'local', emailVerified: false });
    for (const secret of [user.passwordHash!, 'v'.repeat(64), 'r'.repeat(64), 'cus_123', tokenOf(cookie)])
      expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/password|hash|token/i);

    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie } });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ isAuthenticated: true, user: body });
  });

  it('makes administrators of ADMIN_EMAILS (any case) and of the admin role', async () => {
    const listed = await createUser(t.ctx, { email: 'boss@example.com' });
    const byRole = await createUser(t.ctx, { role: 'admin' });
    const plain = await createUser(t.ctx);
    expect((await getUser(await signIn(t, listed))).json().isAdmin).toBe(true);
    expect((await getUser(await signIn(t, byRole))).json().isAdmin).toBe(true);
    expect((await getUser(await signIn(t, plain))).json().isAdmin).toBe(false);
  });

  it('refuses a cookie whose signature does not hold', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    expect((await getUser(cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).statusCode).toBe(401);
    expect((await getUser(`stash.sid=${tokenOf(cookie)}`)).statusCode).toBe(401);
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: `stash.sid=${tokenOf(cookie)}` } });
    expect([check.statusCode, check.json()]).toEqual([200, { isAuthenticated: false, user: null }]);
  });

  it('ends a session after 30 idle days, and slides the expiry of one in use (at most hourly)', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const sid = hashToken(tokenOf(cookie));
    const setExpire = (ms: number) =>
      t.ctx.database.db
        .update(sessions)
        .set({ expire: new Date(Date.now() + ms) })
        .where(eq(sessions.sid, sid));
    const day = 24 * 3600 * 1000;

    await setExpire(30 * day - 10 * 60 * 1000);
    const fresh = await getUser(cookie);
    expect(fresh.headers['set-cookie']).toBeUndefined();

    await setExpire(29 * day);
    const slid = await getUser(cookie);
    expect(slid.statusCode).toBe(200);
    expect(String(slid.headers['set-cookie'])).toContain('Max-Age=2592000');
    const [row] = await t.ctx.database.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + 30 * day - 60_000);

    await setExpire(-1000);
    expect((await getUser(cookie)).statusCode).toBe(401);
  });
});

describe('GET /api/logout', () => {
  it('destroys the session, clears the cookie and goes home', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(String(res.headers['set-cookie'])).toMatch(/^stash\.sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect(await sessionRows(user.id)).toEqual([]);
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it('signs nobody out when another site sends the browser there', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(302);
    expect((await getUser(cookie)).statusCode).toBe(200);
  });

  it('just goes home for a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(302);
  });
});

describe('with an https APP_URL', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ env: { APP_URL: 'https://stash.example' } });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('names the cookie with the __Host- prefix and marks it Secure', async () => {
    const user = await createUser(secure.ctx);
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://stash.example' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-stash\.sid=/);
    for (const flag of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) expect(header).toContain(flag);
    expect(header).not.toContain('Domain');

    const cookie = sessionCookieFrom(secure, res)!;
    const me = await secure.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().id).toBe(user.id);
  });
});
