import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, mailsTo, OWN_ORIGIN, signIn, TEST_PASSWORD, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createApiToken } from '../api-tokens/service';
import { users } from '../db/schema';
import { accountMessages } from '../../shared/validation-messages';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const names = { firstName: 'Grace', lastName: 'Hopper' };
const putProfile = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: { ...OWN_ORIGIN, cookie }, payload });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
const emailOf = async (id: string) => (await t.ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
const undo = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/undo-email-change', headers: OWN_ORIGIN, payload: { token } });

describe('changing the e-mail address', () => {
  it('asks for the current password', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const without = await putProfile(cookie, { ...names, email: 'nopass@example.com' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ fields: { currentPassword: accountMessages.currentPasswordForEmail } });
    const wrong = await putProfile(cookie, { ...names, email: 'nopass@example.com', currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { currentPassword: accountMessages.wrongCurrentPassword } });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await mailsTo(t.ctx, 'nopass@example.com')).toEqual([]);
  });

  it('asks an account without a password for a recent sign-in', async () => {
    const user = await createUser(t.ctx, { authProvider: 'google', passwordHash: null });
    const cookie = await signIn(t, user);
    expect((await putProfile(cookie, { ...names, email: 'fresh@example.com' })).statusCode).toBe(200);
    const { db } = t.ctx.database;
    await db.execute(
      `update session set sess = jsonb_build_object('createdAt', (now() - interval '1 hour')::text) where user_id = '${user.id}'`,
    );
    const stale = await putProfile(cookie, { ...names, email: 'stale@example.com' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ message: accountMessages.recentSignInForEmail });
  });

  it('takes effect only when the new address opens its link; the old address is told and can undo it for 7 days', async () => {
    const user = await createUser(t.ctx, { email: 'owner@example.com' });
    const cookie = await signIn(t, user);
    const { token: apiToken } = await createApiToken(t.ctx.database.db, user.id, 'script');
    const res = await putProfile(cookie, { ...names, email: 'Attacker@Example.com', currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'owner@example.com', pendingEmail: 'attacker@example.com', emailVerified: true });

    // Until its link is opened the account keeps its address, and the new one gets nothing but that link.
    expect(await emailOf(user.id)).toBe('owner@example.com');
    const confirm = await waitForMail(t.ctx, 'attacker@example.com', 'verify-email');
    expect((await mailsTo(t.ctx, 'attacker@example.com')).map((mail) => mail.template)).toEqual(['verify-email']);

    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${linkToken(confirm)}` })).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe('attacker@example.com');
    expect((await me({ cookie })).json()).toMatchObject({ email: 'attacker@example.com', pendingEmail: null, emailVerified: true });

    const notice = await waitForMail(t.ctx, 'owner@example.com', 'email-changed');
    expect(notice.text).toContain('attacker@example.com');
    expect(notice.text).toContain('http://localhost:3000/undo-email-change?token=');
    const undoToken = linkToken(notice);

    const undone = await undo(undoToken);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: accountMessages.emailChangeUndone });
    expect(await emailOf(user.id)).toBe('owner@example.com');
    // Whoever changed it is shut out.
    expect((await me({ cookie })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${apiToken}` })).statusCode).toBe(401);
    expect((await undo(undoToken)).statusCode).toBe(400);
  });

  it('cannot be undone after 7 days', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    await putProfile(cookie, { ...names, email: 'later@example.com', currentPassword: TEST_PASSWORD });
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${linkToken(await waitForMail(t.ctx, 'later@example.com', 'verify-email'))}`,
    });
    const undoToken = linkToken(await waitForMail(t.ctx, user.email, 'email-changed'));
    await t.ctx.database.db.execute(`update email_changes set undo_expires_at = now() - interval '1 second' where user_id = '${user.id}'`);
    const res = await undo(undoToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: accountMessages.invalidUndoLink });
    expect(await emailOf(user.id)).toBe('later@example.com');
  });
});
