import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, OWN_ORIGIN, sessionCookieFrom, signIn, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createApiToken } from '../api-tokens/service';
import { findUserById, type User } from '../auth/current-user';
import { invitations, mailOutbox, subscriptions, users } from '../db/schema';
import { rewardReferrer } from './referral-reward';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
let made = 0;
const friendForm = (invitationCode: string) => ({
  firstName: 'Friend',
  lastName: `No ${++made}`,
  email: `friend${made}@example.com`,
  password: 'a long password',
  invitationCode,
});
const register = (body: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', headers: OWN_ORIGIN, payload: body });
const reload = async (user: Pick<User, 'id'>) => (await findUserById(t.ctx.database.db, user.id))!;

async function invite(sender: User, email: string) {
  const cookie = await signIn(t, sender);
  return t.app.inject({ method: 'POST', url: '/api/invitations', headers: { cookie, ...OWN_ORIGIN }, payload: { email } });
}

async function list(user: User) {
  return t.app.inject({ method: 'GET', url: '/api/invitations', headers: { cookie: await signIn(t, user) } });
}

/**
 * Registers a friend with the code, verifies their address through the link in their e-mail and
 * saves their first link: what earns the sender their month.
 */
async function friendJoinsAndVerifies(code: string): Promise<string> {
  const res = await register(friendForm(code));
  expect(res.statusCode).toBe(201);
  const mail = await waitForMail(t.ctx, res.json().user.email, 'verify-email');
  expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${linkToken(mail)}` })).statusCode).toBe(200);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { ...OWN_ORIGIN, cookie: sessionCookieFrom(t, res)! },
    payload: { url: 'https://example.com/first' },
  });
  expect(saved.statusCode).toBe(201);
  return res.json().userId;
}

describe('sending invitations', () => {
  it('e-mails an unguessable code with a link that opens registration, and counts it', async () => {
    const sender = await createUser(t.ctx, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await invite(sender, ' Friend.One@Example.com ');
    expect(res.statusCode).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({ recipientEmail: 'friend.one@example.com', status: 'sent', rewardClaimed: false, usedAt: null });
    expect(sent.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);

    const mail = await waitForMail(t.ctx, 'friend.one@example.com', 'invitation');
    expect(mail.subject).toBe('Ada Lovelace invited you to Stash');
    expect(mail.text).toContain(`http://localhost:3000/auth?invitationCode=${sent.code}`);

    const answer = (await list(sender)).json();
    expect(answer).toMatchObject({ availableInvites: 4, totalInvitesSent: 1, referralMonthsEarned: 0 });
    const { resent, ...listed } = sent;
    expect(resent).toBe(false);
    expect(answer.invitations).toEqual([listed]);
  });

  it('sends the same invitation again to an address invited before, using none, and not twice within minutes', async () => {
    const sender = await createUser(t.ctx, { availableInvites: 1 });
    const first = await invite(sender, 'again@example.com');
    expect(first.statusCode).toBe(201);
    // Ten minutes on, as far as the outbox can tell: a re-send is allowed.
    await t.ctx.database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(mailOutbox.to, 'again@example.com'));

    const again = await invite(sender, ' Again@Example.com ');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, code: first.json().code, resent: true });
    await expect
      .poll(async () => (await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'again@example.com'))).length)
      .toBe(2);
    const mails = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'again@example.com'));
    expect(mails.every((mail) => mail.text.includes(first.json().code))).toBe(true);
    expect(await reload(sender)).toMatchObject({ availableInvites: 0, totalInvitesSent: 1 });
    expect((await list(sender)).json().invitations).toHaveLength(1);

    const tooSoon = await invite(sender, 'again@example.com');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('This invitation was sent a few minutes ago. Please wait a little before sending it again.');
    // A new address still needs an invitation left.
    expect((await invite(sender, 'someone-else@example.com')).statusCode).toBe(403);
  });

  it('gives a new account 5 invitations', async () => {
    const res = await register({ firstName: 'New', lastName: 'Comer', email: 'newcomer@example.com', password: 'a long password' });
    expect(res.json().user).toMatchObject({ accountType: 'trial', availableInvites: 5 });
  });

  it('stops at 0 left, even with sends racing for the last one', async () => {
    const sender = await createUser(t.ctx, { availableInvites: 1 });
    const results = await Promise.all([invite(sender, 'a@example.com'), invite(sender, 'b@example.com'), invite(sender, 'c@example.com')]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 403, 403]);
    expect((await reload(sender)).availableInvites).toBe(0);
    expect(results.find((res) => res.statusCode === 403)!.json().message).toBe('You have no invitations left.');
  });

  it('checks the address, refuses self-invitations, API tokens and visitors', async () => {
    const sender = await createUser(t.ctx);
    expect((await invite(sender, 'not an email')).json().fields.email).toBe('Please enter a valid email address');
    expect((await invite(sender, sender.email.toUpperCase())).statusCode).toBe(400);
    const { token } = await createApiToken(t.ctx.database.db, sender.id, 'script');
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'x@example.com' },
    });
    expect(byToken.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations' })).statusCode).toBe(401);
    expect((await reload(sender)).availableInvites).toBe(5);
  });

  it("lists only the caller's own invitations", async () => {
    const [one, two] = [await createUser(t.ctx), await createUser(t.ctx)];
    await invite(one, 'someone@example.com');
    expect((await list(two)).json().invitations).toEqual([]);
  });
});

describe('joining with a code', () => {
  it('links the friend to the sender and uses the code up, in any case it is typed', async () => {
    const sender = await createUser(t.ctx);
    const { code } = (await invite(sender, 'joiner@example.com')).json();
    const res = await register(friendForm(` ${code.toLowerCase()} `));
    expect(res.statusCode).toBe(201);
    expect(await reload({ id: res.json().userId })).toMatchObject({ invitedById: sender.id, accountType: 'trial', availableInvites: 5 });
    const [row] = await t.ctx.database.db.select().from(invitations).where(eq(invitations.code, code));
    expect(row).toMatchObject({ status: 'used', recipientId: res.json().userId });

    const again = await register(friendForm(code));
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.invitationCode).toBe('This invitation code is not valid or has already been used.');
  });

  it('makes no account for an unknown code', async () => {
    const body = friendForm('NOSUCHCODE');
    expect((await register(body)).statusCode).toBe(400);
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('lets one of several registrations racing for one code have it', async () => {
    const { code } = (await invite(await createUser(t.ctx), 'race@example.com')).json();
    const results = await Promise.all(Array.from({ length: 5 }, () => register(friendForm(code))));
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    const joined = await t.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.invitedById, (await t.ctx.database.db.select().from(invitations).where(eq(invitations.code, code)))[0].senderId));
    expect(joined).toHaveLength(1);
  });
});

describe("the sender's free month", () => {
  it('gives a trial sender 30 days of Pro after their trial, once the friend verifies, once per friend', async () => {
    const sender = await createUser(t.ctx);
    const { code } = (await invite(sender, 'verifier@example.com')).json();
    const friendId = await friendJoinsAndVerifies(code);
    const job = await t.ctx.database.db.execute<{ data: { friendId: string } }>(
      `select data from pgboss.job where name = 'referral.reward'` as never,
    );
    expect(job.rows.map((row) => row.data.friendId)).toContain(friendId);

    expect((await list(sender)).json().invitations).toMatchObject([{ status: 'used', friend: { emailConfirmed: true, savedALink: true } }]);

    expect(await rewardReferrer(t.ctx, friendId)).toBe('extended');
    const account = await reload(sender);
    expect(account).toMatchObject({ accountType: 'pro', referralMonthsEarned: 1, availableInvites: 20 });
    expect(account.subscriptionEndsAt!.getTime()).toBe(sender.trialEndsAt!.getTime() + 30 * DAY_MS);
    expect((await list(account)).json()).toMatchObject({ referralMonthsEarned: 1, invitations: [{ status: 'used', rewardClaimed: true }] });
    // The sender hears of it by e-mail, through the outbox.
    const [friend] = await t.ctx.database.db.select().from(users).where(eq(users.id, friendId));
    const mail = await waitForMail(t.ctx, sender.email, 'referral-month');
    expect(mail.subject).toBe(`${friend.firstName} ${friend.lastName} joined Stash: you earned a free month of Pro`);
    const until = new Intl.DateTimeFormat('en-US', {
      timeZone: sender.timezone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(mail.text).toContain(`Your Pro plan now runs until ${until.format(account.subscriptionEndsAt!)}.`);
    expect(mail.text).toContain('http://localhost:3000/settings');

    expect(await rewardReferrer(t.ctx, friendId)).toBe('none');
    expect((await reload(sender)).referralMonthsEarned).toBe(1);
  });

  it('gives nothing before the friend verifies', async () => {
    const sender = await createUser(t.ctx);
    const { code } = (await invite(sender, 'unverified@example.com')).json();
    const res = await register(friendForm(code));
    expect(await rewardReferrer(t.ctx, res.json().userId)).toBe('none');
    expect((await reload(sender)).referralMonthsEarned).toBe(0);
    // Settings says what is missing: the friend has neither confirmed their address nor saved a link.
    expect((await list(sender)).json().invitations).toMatchObject([
      { status: 'used', friend: { emailConfirmed: false, savedALink: false } },
    ]);
    expect(await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, sender.email))).toEqual([]);
  });

  it('adds the month after the end of a free account, from now', async () => {
    const sender = await createUser(t.ctx, { accountType: 'free', availableInvites: 2 });
    const { code } = (await invite(sender, 'free-friend@example.com')).json();
    const friendId = await friendJoinsAndVerifies(code);
    const before = Date.now();
    await rewardReferrer(t.ctx, friendId);
    const account = await reload(sender);
    expect(account.accountType).toBe('pro');
    expect(account.subscriptionEndsAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
  });

  it('credits a local subscriber by moving the renewal 30 days on, and counts it on the subscription only when it extends its end', async () => {
    const sender = await createUser(t.ctx);
    const cookie = await signIn(t, sender);
    const { url } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/create-checkout-session',
        headers: { cookie, ...OWN_ORIGIN },
        payload: { plan: 'monthly' },
      })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/billing/test-checkout/pay',
      headers: OWN_ORIGIN,
      payload: { session: new URL(url).searchParams.get('session') },
    });
    const subscribed = await reload(sender);
    const [before] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, sender.id));

    const { code } = (await invite(subscribed, 'sub-friend@example.com')).json();
    expect(await rewardReferrer(t.ctx, await friendJoinsAndVerifies(code))).toBe('credited');
    const subscription = (await t.app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie } })).json().subscription;
    expect(new Date(subscription.periodEnd).getTime()).toBe(before.endDate!.getTime() + 30 * DAY_MS);
    expect(subscription.referralExtensionMonths).toBe(0);
    expect(await reload(sender)).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null, referralMonthsEarned: 1 });

    // Canceled: the next friend's month moves the end of Pro, and the subscription keeps it.
    await t.app.inject({ method: 'POST', url: '/api/subscription/cancel', headers: { cookie, ...OWN_ORIGIN } });
    const canceledEnd = (await reload(sender)).subscriptionEndsAt!;
    const { code: second } = (await invite(subscribed, 'sub-friend2@example.com')).json();
    expect(await rewardReferrer(t.ctx, await friendJoinsAndVerifies(second))).toBe('extended');
    expect((await reload(sender)).subscriptionEndsAt!.getTime()).toBe(canceledEnd.getTime() + 30 * DAY_MS);
    const [row] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, sender.id));
    expect(row.referralExtensionMonths).toBe(1);
    // The provider's next news about the subscription still counts the month.
    await t.app.inject({ method: 'POST', url: '/api/subscription/cancel', headers: { cookie, ...OWN_ORIGIN } });
    expect((await reload(sender)).subscriptionEndsAt!.getTime()).toBe(canceledEnd.getTime() + 30 * DAY_MS);
  });
});
