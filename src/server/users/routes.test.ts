import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn, TEST_PASSWORD, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createApiToken } from '../api-tokens/service';
import { apiTokens, categories, invitations, links, localSubscriptions, mailOutbox, sessions, subscriptions, users } from '../db/schema';
import { queueMail } from '../mail/outbox';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const profile = { firstName: 'Grace', lastName: 'Hopper' };

function putProfile(headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: { ...OWN_ORIGIN, ...headers }, payload });
}

async function userRow(id: string) {
  const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('PUT /api/user/profile', () => {
  it('updates the names and picture and answers the current user', async () => {
    const user = await createUser(t.ctx, { emailVerified: true });
    const res = await putProfile(
      { cookie: await signIn(t, user) },
      { ...profile, email: user.email, profileImageUrl: 'https://example.com/me.png' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...profile, email: user.email, profileImageUrl: 'https://example.com/me.png', emailVerified: true });
  });

  it('ignores fields a user may not set, such as the account type', async () => {
    const user = await createUser(t.ctx, { accountType: 'free' });
    const res = await putProfile(
      { cookie: await signIn(t, user) },
      { ...profile, email: user.email, accountType: 'pro', availableInvites: 99, role: 'admin' },
    );
    expect(res.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ accountType: 'free', availableInvites: 5, role: 'user' });
  });

  it('takes a new address only as asked for, and e-mails it a verification link (src/server/users/email-change.test.ts)', async () => {
    const user = await createUser(t.ctx, { emailVerified: true });
    const res = await putProfile(
      { cookie: await signIn(t, user) },
      { ...profile, email: 'New.Address@Example.com', currentPassword: TEST_PASSWORD },
    );
    expect(res.json()).toMatchObject({ email: user.email, pendingEmail: 'new.address@example.com', emailVerified: true });
    const mail = await waitForMail(t.ctx, 'new.address@example.com', 'verify-email');
    expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
  });

  it("says an address another account has is taken, not 'Please log in instead'", async () => {
    const other = await createUser(t.ctx);
    const user = await createUser(t.ctx);
    const res = await putProfile(
      { cookie: await signIn(t, user) },
      { ...profile, email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'This email address is already used by another account.',
      fields: { email: 'This email address is already used by another account.' },
    });
    expect(res.json().message).not.toContain('log in');
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('lets an API token change names but not the address', async () => {
    const user = await createUser(t.ctx);
    const { token } = await createApiToken(t.ctx.database.db, user.id, 'script');
    const bearer = { authorization: `Bearer ${token}` };
    expect((await putProfile(bearer, { ...profile, email: user.email })).statusCode).toBe(200);
    expect((await putProfile(bearer, { ...profile, email: 'taken-over@example.com' })).statusCode).toBe(403);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('gives the messages for bad input, and 401 to a visitor', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const cases: [object, string, string][] = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
      [{ profileImageUrl: 'not a url' }, 'profileImageUrl', 'Please enter a valid image URL'],
    ];
    for (const [change, field, message] of cases) {
      const res = await putProfile({ cookie }, { ...profile, email: user.email, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ message, fields: { [field]: message } });
    }
    expect((await putProfile({}, { ...profile, email: user.email })).statusCode).toBe(401);
  });
});

describe('DELETE /api/user', () => {
  const remove = (headers: Record<string, string>, payload: object = { password: TEST_PASSWORD }) =>
    t.app.inject({ method: 'DELETE', url: '/api/user', headers: { ...OWN_ORIGIN, ...headers }, payload });

  it('deletes the account with everything it owns, at once', async () => {
    const { db } = t.ctx.database;
    const user = await createUser(t.ctx);
    const invitee = await createUser(t.ctx, { invitedById: user.id });
    const bystander = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    await signIn(t, bystander);
    await db.insert(links).values({ userId: user.id, url: 'https://example.com', normalizedUrl: 'example.com' });
    await db.insert(categories).values({ userId: user.id, name: 'Reading' });
    await db.insert(subscriptions).values({ userId: user.id });
    await db.insert(invitations).values({ senderId: user.id, code: 'INVITE123' });
    await createApiToken(db, user.id, 'script');
    const queued = await queueMail(db, { userId: user.id, to: user.email, template: 'test', props: { appUrl: t.ctx.config.appUrl } });
    const sent = await queueMail(db, { userId: user.id, to: user.email, template: 'test', props: { appUrl: t.ctx.config.appUrl } });
    await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, sent));

    const res = await remove({ cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted' });
    expect(String(res.headers['set-cookie'])).toMatch(/^stash\.sid=;/);

    expect(await userRow(user.id)).toBeUndefined();
    for (const [table, column] of [
      [links, links.userId],
      [categories, categories.userId],
      [sessions, sessions.userId],
      [apiTokens, apiTokens.userId],
      [subscriptions, subscriptions.userId],
      [invitations, invitations.senderId],
    ] as const) {
      expect(await db.select().from(table).where(eq(column, user.id))).toEqual([]);
    }
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [queued, sent]));
    expect(mails.map((mail) => [mail.id, mail.userId])).toEqual([[sent, null]]);
    expect((await userRow(invitee.id)).invitedById).toBeNull();
    const goodbye = await waitForMail(t.ctx, user.email, 'account-deleted');
    expect(goodbye.userId).toBeNull();
    for (const line of [
      `- Your account (${user.email}) and its settings`,
      '- 1 saved link, with its notes',
      '- 1 custom category',
      '- 1 API token',
    ]) {
      expect(goodbye.text).toContain(line);
    }
    expect(await db.select().from(sessions).where(eq(sessions.userId, bystander.id))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends the subscription of the local test provider too, so it stops renewing', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-checkout-session',
      headers: { cookie, ...OWN_ORIGIN },
      payload: { plan: 'monthly' },
    });
    const session = new URL(checkout.json().url).searchParams.get('session')!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/billing/test-checkout/pay', headers: OWN_ORIGIN, payload: { session } })).statusCode,
    ).toBe(200);
    const { stripeSubscriptionId } = await userRow(user.id);

    expect((await remove({ cookie })).statusCode).toBe(200);
    const [ended] = await t.ctx.database.db.select().from(localSubscriptions).where(eq(localSubscriptions.id, stripeSubscriptionId!));
    expect(ended).toMatchObject({ status: 'canceled', userId: null });
    expect(ended.endedAt).not.toBeNull();
  });

  it('asks for the password, and keeps the account when it is missing or wrong', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const missing = await remove({ cookie }, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      fields: { password: 'Please enter your password to delete your account' },
    });
    const wrong = await remove({ cookie }, { password: 'not the password' });
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: { password: 'That password is not correct' } });
    // Typing the address is no way around a password the account has.
    expect((await remove({ cookie }, { email: user.email })).statusCode).toBe(400);
    expect(await userRow(user.id)).toBeDefined();
    expect((await remove({ cookie })).statusCode).toBe(200);
  });

  it('asks an account without a password (an identity provider) to type its e-mail address', async () => {
    const user = await createUser(t.ctx, { authProvider: 'google', passwordHash: null });
    const cookie = await signIn(t, user);
    const wrong = await remove({ cookie }, { email: 'someone-else@example.com' });
    expect(wrong.json()).toMatchObject({
      code: 'EMAIL_MISMATCH',
      fields: { email: 'Please type your email address exactly as shown to delete your account' },
    });
    expect(await userRow(user.id)).toBeDefined();
    expect((await remove({ cookie }, { email: ` ${user.email.toUpperCase()} ` })).statusCode).toBe(200);
    expect(await userRow(user.id)).toBeUndefined();
  });

  it('asks an account without a password for a recent sign-in, as its address change does', async () => {
    const user = await createUser(t.ctx, { authProvider: 'github', passwordHash: null });
    const cookie = await signIn(t, user);
    await t.ctx.database.db.execute(
      `update session set sess = jsonb_build_object('createdAt', (now() - interval '1 hour')::text) where user_id = '${user.id}'`,
    );
    const stale = await remove({ cookie }, { email: user.email });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: 'RECENT_SIGN_IN_REQUIRED',
      message: 'For your safety, log in again to delete your account.',
    });
    expect(await userRow(user.id)).toBeDefined();
    const fresh = await signIn(t, user);
    expect((await remove({ cookie: fresh }, { email: user.email })).statusCode).toBe(200);
    expect(await userRow(user.id)).toBeUndefined();
  });

  it('cannot be done with an API token, nor by a visitor', async () => {
    const user = await createUser(t.ctx);
    const { token } = await createApiToken(t.ctx.database.db, user.id, 'script');
    expect((await remove({ authorization: `Bearer ${token}` })).statusCode).toBe(403);
    expect((await remove({})).statusCode).toBe(401);
    expect(await userRow(user.id)).toBeDefined();
  });
});
