import { availableParallelism } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, mailsTo, OWN_ORIGIN, sessionCookieFrom, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { users } from '../db/schema';
import { hashPassword, passwordHashingLoad } from './passwords';
import type { RateLimitRule } from './rate-limiter';
import { SIGN_UP_LIMITS } from './sign-up';
import { hashToken } from './tokens';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

let made = 0;
const newEmail = () => `signup${++made}@example.com`;
const form = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password: 'a long password' });

let ips = 0;
const newIp = () => `203.0.113.${++ips}`;

function post(url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url, headers: { ...OWN_ORIGIN, ...headers }, payload, remoteAddress });
}

async function countedAlready(key: string, rules: RateLimitRule[], times: number) {
  for (let i = 0; i < times; i++) expect((await t.ctx.rateLimiter.attempt(key, rules)).allowed).toBe(true);
}

async function userRow(email: string) {
  const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe.each(['/api/auth/create-trial-account', '/api/auth/register'])('POST %s', (url) => {
  it('creates a verified-later trial account, signs it in and e-mails a verification link', async () => {
    const body = form();
    const started = Date.now();
    // An invitation code is checked when given (src/server/invitations/routes.test.ts); an empty one is none.
    const res = await post(url, {
      ...body,
      email: ` ${body.email.toUpperCase()}`,
      timezone: 'Europe/Paris',
      journey: 'b',
      invitationCode: '',
    });
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({
      message: expect.any(String),
      userId: expect.any(String),
      user: { email: body.email, accountType: 'trial', emailVerified: false },
    });

    const row = await userRow(body.email);
    expect(row).toMatchObject({
      id: answer.userId,
      accountType: 'trial',
      availableInvites: 5,
      emailVerified: false,
      authProvider: 'email',
      timezone: 'Europe/Paris',
      firstName: 'Ada',
    });
    expect(row.trialEndsAt!.getTime() - started).toBeGreaterThanOrEqual(14 * 24 * 3600 * 1000 - 1000);
    expect(row.trialEndsAt!.getTime() - started).toBeLessThan(14 * 24 * 3600 * 1000 + 60_000);
    expect(row.passwordHash).toMatch(/^scrypt\$12\$8\$1\$/);

    const mail = await waitForMail(t.ctx, body.email, 'verify-email');
    expect(mail.text).toContain(`http://localhost:3000/verify-email?token=${linkToken(mail)}`);
    expect(row.verificationTokenHash).toBe(hashToken(linkToken(mail)));
    // Dispatched after the commit: a delivery job waits for the worker.
    const jobs = await t.ctx.database.db.execute(
      sql`select 1 from pgboss.job where name = 'mail.deliver' and data->>'outboxId' = ${mail.id}`,
    );
    expect(jobs.rows).toHaveLength(1);

    const cookie = sessionCookieFrom(t, res)!;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().id).toBe(answer.userId);
  });

  it('uses UTC when no time zone is given', async () => {
    const body = form();
    expect((await post(url, body)).statusCode).toBe(201);
    expect((await userRow(body.email)).timezone).toBe('UTC');
  });

  it("answers 409 'already exists' for an address in use, in any case, and changes nothing", async () => {
    const existing = await createUser(t.ctx);
    const res = await post(url, { ...form(), email: existing.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('already exists');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await mailsTo(t.ctx, existing.email)).toEqual([]);
    expect((await userRow(existing.email)).passwordHash).toBe(existing.passwordHash);
  });

  it('answers an address in use before hashing the password', async () => {
    const existing = await createUser(t.ctx);
    // Keep every hashing slot busy with more waiting: a sign-up that hashed first would wait behind them all.
    const busy = Array.from({ length: availableParallelism() * 3 }, () => hashPassword('keeping the cores busy'));
    const res = await post(url, { ...form(), email: existing.email }, {}, newIp());
    expect(res.statusCode).toBe(409);
    expect(passwordHashingLoad().waiting).toBeGreaterThan(0);
    await Promise.all(busy);
  }, 60_000);

  it('limits sign-ups per IP address with 429 and Retry-After', async () => {
    const ip = newIp();
    await countedAlready(`signup:ip:${ip}`, SIGN_UP_LIMITS.ip, 20);
    const limited = await post(url, form(), {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(url, form(), {}, newIp())).statusCode).toBe(201);
  });

  it('limits sign-ups per address, from any IP address', async () => {
    const body = form();
    await countedAlready(`signup:address:${body.email}`, SIGN_UP_LIMITS.address, 5);
    expect((await post(url, body, {}, newIp())).statusCode).toBe(429);
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('gives the documented message for each bad field', async () => {
    const cases: [object, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '   ' }, 'lastName', 'Last name is required'],
      [{ timezone: 'x'.repeat(51) }, 'timezone', 'Timezone must be at most 50 characters'],
      [{ timezone: 'Not/AZone' }, 'timezone', 'Please choose a valid time zone'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(url, { ...form(), ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    }
    const empty = await post(url, {});
    expect(empty.json().fields).toMatchObject({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
});

describe('registration extras', () => {
  it('checks the invitation code only when one is given (redeeming it is not part of this yet)', async () => {
    const short = await post('/api/auth/register', { ...form(), invitationCode: 'abc' });
    expect(short.json()).toMatchObject({ message: 'Invitation code must be at least 6 characters' });
    expect((await post('/api/auth/register', { ...form(), invitationCode: '' })).statusCode).toBe(201);
  });

  it('builds links from APP_URL, whatever Host the request names', async () => {
    const body = form();
    const res = await post('/api/auth/create-trial-account', body, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(201);
    const mail = await waitForMail(t.ctx, body.email, 'verify-email');
    expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
    expect(mail.html).not.toContain('evil.example');
  });
});

describe('GET /api/auth/verify-email', () => {
  async function signUpAndGetToken(): Promise<{ email: string; token: string }> {
    const body = form();
    await post('/api/auth/create-trial-account', body);
    return { email: body.email, token: linkToken(await waitForMail(t.ctx, body.email, 'verify-email')) };
  }
  const verify = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/verify-email', query: token === undefined ? {} : { token } });

  it('verifies the address once; the link is spent', async () => {
    const { email, token } = await signUpAndGetToken();
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully!' });
    expect(await userRow(email)).toMatchObject({ emailVerified: true, verificationTokenHash: null });
    expect((await verify(token)).json()).toEqual({ message: 'Invalid verification link', code: 'INVALID_TOKEN' });
  });

  it('lets exactly one of two concurrent uses succeed', async () => {
    const { token } = await signUpAndGetToken();
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('needs a token, and refuses one it does not know', async () => {
    expect((await verify()).json()).toMatchObject({ code: 'VALIDATION', message: 'Verification token is required' });
    expect((await verify('')).json()).toMatchObject({ message: 'Verification token is required' });
    expect((await verify('made-up-token')).statusCode).toBe(400);
  });
});
