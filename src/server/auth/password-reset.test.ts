import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, mailsTo, OWN_ORIGIN, signIn, TEST_PASSWORD, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { sessions, users } from '../db/schema';
import type { User } from './current-user';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

let ips = 0;
const newIp = () => `10.1.0.${++ips}`;

function forgot(email: string, headers: Record<string, string> = {}, remoteAddress = newIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { ...OWN_ORIGIN, ...headers },
    payload: { email },
    remoteAddress,
  });
}

function reset(payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: OWN_ORIGIN, payload });
}

function checkToken(token?: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/verify-reset-token', query: token === undefined ? {} : { token } });
}

/** Asks for a reset link and reads its token from the e-mail, once it has been written. */
async function resetTokenFor(user: User): Promise<string> {
  const before = (await mailsTo(t.ctx, user.email)).length;
  await forgot(user.email);
  for (let i = 0; i < 200 && (await mailsTo(t.ctx, user.email)).length === before; i++) await new Promise((r) => setTimeout(r, 25));
  return linkToken(await waitForMail(t.ctx, user.email, 'reset-password'));
}

async function userRow(id: string) {
  const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: OWN_ORIGIN, payload: { email, password }, remoteAddress: newIp() });

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for an address with an account and one without', async () => {
    const user = await createUser(t.ctx);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-at-all@example.com');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'If an account with that email exists, a password reset link has been sent.' });
    }
    expect(known.body).toBe(unknown.body);
    const headerNames = (res: typeof known) =>
      Object.keys(res.headers)
        .filter((h) => !['date', 'x-request-id'].includes(h))
        .sort();
    expect(headerNames(known)).toEqual(headerNames(unknown));

    const mail = await waitForMail(t.ctx, user.email, 'reset-password');
    expect(mail.subject).toBe('Reset your Stash password');
    expect(await mailsTo(t.ctx, 'nobody-at-all@example.com')).toEqual([]);
  });

  it('links to APP_URL whatever Host the request names, with a token valid for one hour', async () => {
    const user = await createUser(t.ctx);
    await forgot(user.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const mail = await waitForMail(t.ctx, user.email, 'reset-password');
    expect(mail.text).toContain(`http://localhost:3000/auth?mode=reset&token=${linkToken(mail)}`);
    expect(mail.html).not.toContain('evil.example');
    const row = await userRow(user.id);
    expect(row.resetTokenHash).not.toContain(linkToken(mail));
    expect(row.resetTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.resetTokenExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('sends an account without a password (external sign-in) the link to set one', async () => {
    const user = await createUser(t.ctx, { passwordHash: null, authProvider: 'google' });
    expect((await forgot(user.email)).statusCode).toBe(200);
    const mail = await waitForMail(t.ctx, user.email, 'reset-password');
    expect(mail.text).toContain(`http://localhost:3000/auth?mode=reset&token=${linkToken(mail)}`);
  });

  it('needs a valid address', async () => {
    const res = await forgot('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please enter a valid email address' });
  });

  it('limits requests per IP address (429) and e-mails per account (quietly)', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await forgot(`someone${i}@example.com`, {}, ip)).statusCode).toBe(200);
    const limited = await forgot('someone@example.com', {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const user = await createUser(t.ctx);
    for (let i = 0; i < 7; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    await resetTokenFor(await createUser(t.ctx));
    expect(await mailsTo(t.ctx, user.email)).toHaveLength(5);
  });
});

describe('reset tokens', () => {
  it('tells the address of a valid link, and refuses others', async () => {
    const user = await createUser(t.ctx);
    const token = await resetTokenFor(user);
    expect((await checkToken(token)).json()).toEqual({ email: user.email });
    expect((await checkToken('not-a-real-token')).json()).toEqual({ message: 'Invalid or expired reset link', code: 'INVALID_TOKEN' });
    expect((await checkToken()).statusCode).toBe(400);
  });

  it('resets the password once, verifies the address and signs the account out everywhere', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const token = await resetTokenFor(user);

    const res = await reset({ token, password: 'a brand new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), email: user.email });
    expect(await userRow(user.id)).toMatchObject({ resetTokenHash: null, resetTokenExpiresAt: null, emailVerified: true });
    expect(await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);

    expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await reset({ token, password: 'yet another password' })).json()).toMatchObject({ message: 'Invalid or expired reset link' });
  });

  it('lets exactly one of two concurrent resets with one token succeed', async () => {
    const user = await createUser(t.ctx);
    const token = await resetTokenFor(user);
    const answers = await Promise.all([
      reset({ token, password: 'first new password' }),
      reset({ token, password: 'second new password' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('expires after an hour', async () => {
    const user = await createUser(t.ctx);
    const token = await resetTokenFor(user);
    await t.ctx.database.db
      .update(users)
      .set({ resetTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await checkToken(token)).statusCode).toBe(400);
    expect((await reset({ token, password: 'a brand new password' })).statusCode).toBe(400);
  });

  it('is voided by a newer request', async () => {
    const user = await createUser(t.ctx);
    const first = await resetTokenFor(user);
    const second = await resetTokenFor(user);
    expect(second).not.toBe(first);
    expect((await reset({ token: first, password: 'a brand new password' })).statusCode).toBe(400);
    expect((await reset({ token: second, password: 'a brand new password' })).statusCode).toBe(200);
  });

  it("gives the reset form's messages", async () => {
    const short = await reset({ token: 'x', password: 'short' });
    expect(short.json()).toMatchObject({ code: 'VALIDATION', message: 'Password must be at least 8 characters long' });
    const mismatch = await reset({ token: 'x', password: 'long enough', confirmPassword: 'different' });
    expect(mismatch.json()).toMatchObject({
      message: 'Please make sure both passwords are the same',
      fields: { confirmPassword: expect.any(String) },
    });
    expect((await reset({ password: 'long enough' })).json()).toMatchObject({ message: 'Invalid or expired reset link' });
  });
});
