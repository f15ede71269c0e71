import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, sessionCookieFrom, sessionTokenOf, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { sessions, users } from '../db/schema';
import { hashPassword, passwordDerivationsDone, verifyAgainstDummy } from './passwords';
import { accountLimitKey, ipLimitKey } from './sign-in';
import { hashToken } from './tokens';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

let ips = 0;
/** Each test its own client address, so the per-IP limit of one test never reaches another. */
const newIp = () => `10.0.0.${++ips}`;

function login(body: object, headers: Record<string, string> = {}, remoteAddress = newIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...OWN_ORIGIN, ...headers }, payload: body, remoteAddress });
}

function getUser(cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
}

async function sessionRows(userId: string) {
  return t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

const tokenOf = (cookie: string) => sessionTokenOf(t, cookie);

describe('POST /api/auth/login', () => {
  it('signs in: the current user, and a session whose row stores only a hash of the cookie token', async () => {
    const user = await createUser(t.ctx);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, accountType: 'trial', isAdmin: false });

    const cookie = sessionCookieFrom(t, res)!;
    const token = tokenOf(cookie);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await sessionRows(user.id);
    expect(row.sid).toBe(hashToken(token));
    expect(row.sid).not.toContain(token);
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + 29.9 * 24 * 3600 * 1000);
    expect((await getUser(cookie)).json().id).toBe(user.id);
  });

  it('sets an HttpOnly, SameSite=Lax, site-wide cookie (not Secure over http)', async () => {
    const user = await createUser(t.ctx);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^stash\.sid=/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
    expect(header).not.toContain('Domain');
  });

  it('finds the account whatever the case of the address', async () => {
    const user = await createUser(t.ctx);
    expect((await login({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown address alike, after the same work', async () => {
    const user = await createUser(t.ctx);
    const timed = async (body: object) => {
      const before = passwordDerivationsDone();
      const res = await login(body);
      return { status: res.statusCode, body: res.body, derivations: passwordDerivationsDone() - before, cookie: res.headers['set-cookie'] };
    };
    // The dummy hash is made once, beforehand, so the unknown address's answer counts only its check.
    await verifyAgainstDummy('warming up');
    const wrong = await timed({ email: user.email, password: 'not the password' });
    const unknown = await timed({ email: 'nobody-here@example.com', password: 'not the password' });
    const noPassword = await createUser(t.ctx, { passwordHash: null, authProvider: 'google' });
    const external = await timed({ email: noPassword.email, password: 'anything at all' });

    for (const answer of [wrong, unknown, external]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toBe(wrong.body);
      expect(answer.cookie).toBeUndefined();
      // Each did one full scrypt verification, as many as a wrong password.
      expect(answer.derivations).toBe(1);
    }
    expect(JSON.parse(wrong.body)).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  it('gives the documented messages for bad input', async () => {
    expect((await login({ email: 'not-an-email', password: 'x' })).json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Please enter a valid email address',
    });
    expect((await login({ email: 'a@example.com', password: '' })).json()).toMatchObject({
      message: 'Password is required',
      fields: { password: 'Password is required' },
    });
    expect((await login({ email: 'a@example.com' })).statusCode).toBe(400);
  });

  it('starts a new session id and ends the one the browser had', async () => {
    const user = await createUser(t.ctx);
    const before = await signIn(t, user);
    const res = await login({ email: user.email, password: TEST_PASSWORD }, { cookie: before });
    const after = sessionCookieFrom(t, res)!;
    expect(tokenOf(after)).not.toBe(tokenOf(before));
    const rows = await sessionRows(user.id);
    expect(rows.map((row) => row.sid)).toEqual([hashToken(tokenOf(after))]);
    expect((await getUser(before)).statusCode).toBe(401);
  });

  it('rehashes a password stored at a lower cost', async () => {
    const user = await createUser(t.ctx, { passwordHash: await hashPassword(TEST_PASSWORD, { log2N: 10, r: 8, p: 1 }) });
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const [row] = await t.ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row.hash).toMatch(/^scrypt\$12\$8\$1\$/);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a foreign origin (403) and a form or text body (415)', async () => {
    const user = await createUser(t.ctx);
    const foreign = await login({ email: user.email, password: TEST_PASSWORD }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await login({ email: user.email, password: TEST_PASSWORD }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...OWN_ORIGIN, 'content-type': type },
        payload: `email=${user.email}`,
      });
      expect(res.statusCode, type).toBe(415);
    }
  });
});

// Eleven real scrypt checks in a row (128 MB each, by design slow): on a loaded 2-core machine that
// alone can pass the default 30 s, so these tests get more time. It bounds a hang, it times nothing.
const ELEVEN_LOGINS_MS = 120_000;

describe('failed-login limits', () => {
  it(
    'answers a burst of failures on one account with 429 and Retry-After, even for the right password',
    async () => {
      const user = await createUser(t.ctx);
      for (let i = 0; i < 10; i++) expect((await login({ email: user.email, password: `wrong ${i}` })).statusCode).toBe(401);
      const limited = await login({ email: user.email, password: TEST_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.json()).toEqual({ message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
      // Another account is not affected.
      const other = await createUser(t.ctx);
      expect((await login({ email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    },
    ELEVEN_LOGINS_MS,
  );

  it('allows at most 100 failures an hour per account, and says when the hour ends', async () => {
    const user = await createUser(t.ctx);
    const { key, rules } = accountLimitKey(user.email);
    // 100 failures counted in the hour's window, none in the current minute's (so no burst limit applies).
    const hour = rules.filter((rule) => rule.windowSeconds === 3600);
    for (let i = 0; i < 100; i++) expect((await t.ctx.rateLimiter.attempt(key, hour)).allowed).toBe(true);
    const limited = await login({ email: user.email, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('limits failures per IP address across accounts', async () => {
    const ip = newIp();
    const { key, rules } = ipLimitKey(ip);
    for (let i = 0; i < 30; i++) expect((await t.ctx.rateLimiter.attempt(key, rules)).allowed).toBe(true);
    const user = await createUser(t.ctx);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, {}, ip)).statusCode).toBe(429);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, {}, newIp())).statusCode).toBe(200);
  });

  it(
    'counts failures for an unknown address exactly as for a real one',
    async () => {
      const ip = newIp();
      for (let i = 0; i < 10; i++) await login({ email: 'never-registered@example.com', password: `wrong ${i}` }, {}, ip);
      const limited = await login({ email: 'never-registered@example.com', password: 'one more guess' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    },
    ELEVEN_LOGINS_MS,
  );
});
