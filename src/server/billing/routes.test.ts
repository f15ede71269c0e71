import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, sessionCookieFrom, signIn, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createApiToken } from '../api-tokens/service';
import { findUserById, type User } from '../auth/current-user';
import { localCheckoutSessions, paymentEvents, subscriptions } from '../db/schema';
import { tierOf } from '../../shared/permissions';

/* The billing routes with the local test provider (BILLING=local, a fresh install's default). */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function as(user: User) {
  const cookie = await signIn(t, user);
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie, ...OWN_ORIGIN }, payload }),
  };
}
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: OWN_ORIGIN, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).searchParams.get('session')!;
const reload = async (user: User) => (await findUserById(t.ctx.database.db, user.id))!;

describe('GET /api/billing/plans', () => {
  it('gives the prices in cents', async () => {
    expect((await get('/api/billing/plans')).json()).toEqual({ billing: 'local', currency: 'USD', prices: { monthly: 599, annual: 5900 } });
  });
});

describe('an upgrade through the local test checkout', () => {
  let buyer: User;
  let session: string;

  beforeAll(async () => {
    buyer = await createUser(t.ctx);
  });

  it('shows a trial account without a subscription', async () => {
    const res = await (await as(buyer)).get('/api/subscription');
    expect(res.json()).toEqual({
      billing: 'local',
      accountType: 'trial',
      trialEndsAt: buyer.trialEndsAt!.toISOString(),
      subscriptionEndsAt: null,
      subscription: null,
    });
    expect((await get('/api/subscription')).statusCode).toBe(401);
  });

  it('starts a checkout on the test page, keeping only a hash of its token', async () => {
    const res = await (await as(buyer)).post('/api/subscriptions/create-checkout-session', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\?session=cs_local_[A-Za-z0-9_-]{43}$/);
    session = sessionOf(res.json().url);
    const rows = await t.ctx.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(session);
    expect(rows[0]).toMatchObject({ plan: 'annual', kind: 'upgrade', status: 'open' });

    const page = await get(`/api/billing/test-checkout?session=${encodeURIComponent(session)}`);
    // Bought during the free trial: nothing is charged before the trial's end.
    expect(page.json()).toEqual({
      kind: 'upgrade',
      plan: 'annual',
      amount: 5900,
      email: buyer.email,
      firstChargeAt: buyer.trialEndsAt!.toISOString(),
    });
  });

  it('refuses checkouts to visitors and to API tokens', async () => {
    expect((await post('/api/subscriptions/create-checkout-session', {})).statusCode).toBe(401);
    const { token } = await createApiToken(t.ctx.database.db, buyer.id, 'script');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-checkout-session',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('does not make the account Pro from the success page, only from the payment', async () => {
    const client = await as(buyer);
    expect((await client.get(`/api/subscriptions/verify-session?session_id=${encodeURIComponent(session)}`)).json()).toEqual({
      success: false,
    });
    expect((await reload(buyer)).accountType).toBe('trial');

    const paid = await post('/api/billing/test-checkout/pay', { session });
    expect(paid.json()).toEqual({ redirectUrl: `http://localhost:3000/upgrade?session_id=${encodeURIComponent(session)}` });

    const account = await reload(buyer);
    expect(account).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null, availableInvites: 20 });
    expect(account.stripeSubscriptionId).toMatch(/^sub_local_/);
    expect(account.stripeCustomerId).toMatch(/^cus_local_/);
    expect(tierOf(account, 'local')).toBe('pro');
    expect((await client.get(`/api/subscriptions/verify-session?session_id=${encodeURIComponent(session)}`)).json()).toEqual({
      success: true,
    });

    const answer = (await client.get('/api/subscription')).json();
    // Pro now; the trial's remaining days stay free: the first charge is at the trial's end.
    expect(answer).toMatchObject({ accountType: 'pro', subscription: { plan: 'annual', status: 'trialing', referralExtensionMonths: 0 } });
    expect(answer.subscription.periodEnd).toBe(buyer.trialEndsAt!.toISOString());
    const events = await t.ctx.database.db.select().from(paymentEvents);
    expect(events.filter((event) => event.type === 'checkout.session.completed')).toHaveLength(1);
  });

  it('mails a receipt: plan, amount, nothing charged during the trial, the first charge at its end', async () => {
    const mail = await waitForMail(t.ctx, buyer.email, 'subscription-started');
    expect(mail.subject).toBe('Your Stash Pro receipt');
    const trialEnd = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(buyer.trialEndsAt!);
    for (const line of [
      'Plan: Stash Pro, billed yearly',
      'Amount: 59 USD a year',
      'Charged today: nothing, your free trial runs to its end first',
      `Next charge: ${trialEnd}`,
    ]) {
      expect(mail.text).toContain(line);
    }
  });

  it('pays a session once; another user cannot claim it', async () => {
    expect((await post('/api/billing/test-checkout/pay', { session })).statusCode).toBe(404);
    const stranger = await as(await createUser(t.ctx));
    expect((await stranger.get(`/api/subscriptions/verify-session?session_id=${encodeURIComponent(session)}`)).json()).toEqual({
      success: false,
    });
  });

  it('refuses a second subscription', async () => {
    const res = await (await as(await reload(buyer))).post('/api/subscriptions/create-checkout-session', { plan: 'monthly' });
    expect(res.statusCode).toBe(409);
  });

  it('cancels at the end of the paid period, keeping Pro until then, and takes it back', async () => {
    const client = await as(buyer);
    const canceled = (await client.post('/api/subscription/cancel')).json();
    expect(canceled).toMatchObject({ accountType: 'pro', subscription: { status: 'canceled' } });
    expect(canceled.subscriptionEndsAt).toBe(canceled.subscription.periodEnd);
    const account = await reload(buyer);
    expect(account.subscriptionEndsAt!.toISOString()).toBe(canceled.subscription.periodEnd);
    expect(tierOf(account, 'local')).toBe('pro');
    expect(tierOf(account, 'local', new Date(account.subscriptionEndsAt!.getTime() + 1000))).toBe('free');

    const canceledMail = await waitForMail(t.ctx, buyer.email, 'subscription-canceled');
    const proUntil = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(account.subscriptionEndsAt!);
    expect(canceledMail.subject).toBe(`Stash Pro canceled: yours until ${proUntil}`);
    expect(canceledMail.text).toContain(`You keep every Pro feature until ${proUntil}`);

    const resumed = (await client.post('/api/subscription/resume')).json();
    expect(resumed).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null, subscription: { status: 'trialing' } });
  });

  it('answers 404 to cancelling without a subscription', async () => {
    expect((await (await as(await createUser(t.ctx))).post('/api/subscription/cancel')).statusCode).toBe(404);
  });
});

describe('Continue on Free after a trial that ended without a purchase', () => {
  it('turns the ended trial into a free account: saving again, 50 links a month from now, 2 invitations', async () => {
    const user = await createUser(t.ctx, {
      trialEndsAt: new Date(Date.now() - DAY_MS),
      availableInvites: 5,
      monthlyLinksUsed: 30,
      monthlyUsageResetAt: new Date(Date.now() + DAY_MS),
    });
    const client = await as(user);
    expect((await client.post('/api/links', { url: 'https://example.com/blocked' })).statusCode).toBe(403);

    const res = await client.post('/api/subscription/continue-free');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountType: 'free', subscription: null });
    const account = await reload(user);
    expect(account).toMatchObject({ accountType: 'free', availableInvites: 2, monthlyLinksUsed: 0 });
    expect(tierOf(account, 'local')).toBe('free');
    expect((await client.post('/api/links', { url: 'https://example.com/saved' })).statusCode).toBe(201);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ accountType: 'free', monthlyLinksUsed: 1 });
  });

  it('is refused to a running trial, to Pro and to API tokens; a second click changes nothing', async () => {
    const running = await createUser(t.ctx);
    expect((await (await as(running)).post('/api/subscription/continue-free')).statusCode).toBe(409);
    expect((await reload(running)).accountType).toBe('trial');
    const pro = await createUser(t.ctx, { accountType: 'pro' });
    expect((await (await as(pro)).post('/api/subscription/continue-free')).statusCode).toBe(409);
    expect((await reload(pro)).accountType).toBe('pro');

    const ended = await createUser(t.ctx, { trialEndsAt: new Date(Date.now() - DAY_MS) });
    const { token } = await createApiToken(t.ctx.database.db, ended.id, 'script');
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/continue-free',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byToken.statusCode).toBe(403);
    expect((await post('/api/subscription/continue-free', {})).statusCode).toBe(401);
    const client = await as(ended);
    expect((await client.post('/api/subscription/continue-free')).statusCode).toBe(200);
    expect((await client.post('/api/subscription/continue-free')).statusCode).toBe(409);
  });
});

describe('cancelling a test checkout', () => {
  it.each([
    ['upgrade', 'http://localhost:3000/upgrade?cancelled=true'],
    ['upgrade-trial', 'http://localhost:3000/upgrade-trial?cancelled=true'],
    ['pricing', 'http://localhost:3000/pricing?canceled=true'],
  ])('from %s goes back there, and the session is closed', async (from, back) => {
    const user = await createUser(t.ctx);
    const { url } = (await (await as(user)).post('/api/subscriptions/create-checkout-session', { plan: 'monthly', from })).json();
    const session = sessionOf(url);
    expect((await post('/api/billing/test-checkout/cancel', { session })).json()).toEqual({ redirectUrl: back });
    expect((await post('/api/billing/test-checkout/pay', { session })).statusCode).toBe(404);
    expect((await reload(user)).accountType).toBe('trial');
  });

  it('says where a paid checkout from pricing lands', async () => {
    const { url } = (
      await (await as(await createUser(t.ctx))).post('/api/subscriptions/create-checkout-session', { from: 'pricing' })
    ).json();
    const session = sessionOf(url);
    expect((await post('/api/billing/test-checkout/pay', { session })).json().redirectUrl).toBe(
      `http://localhost:3000/pricing?success=true&session_id=${encodeURIComponent(session)}`,
    );
  });
});

describe('a trial checkout, then /setup-account', () => {
  let session: string;
  const buyer = { email: 'setup@example.com', name: 'Grace Hopper' };

  it('starts without an account and asks the buyer for an address and a name', async () => {
    const res = await post('/api/subscriptions/create-trial-checkout', { plan: 'monthly' });
    session = sessionOf(res.json().url);
    expect((await get(`/api/billing/test-checkout?session=${encodeURIComponent(session)}`)).json()).toEqual({
      kind: 'trial',
      plan: 'monthly',
      amount: 599,
      email: null,
      firstChargeAt: null,
    });
    expect((await get(`/api/subscriptions/verify-trial-session?session_id=${encodeURIComponent(session)}`)).statusCode).toBe(400);
    const missing = await post('/api/billing/test-checkout/pay', { session });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter your email address and name.');
  });

  it('lands on /setup-account with the payment session', async () => {
    const res = await post('/api/billing/test-checkout/pay', { session, ...buyer });
    expect(res.json().redirectUrl).toBe(`http://localhost:3000/setup-account?session_id=${encodeURIComponent(session)}`);
    const lookup = await get(`/api/subscriptions/verify-trial-session?session_id=${encodeURIComponent(session)}`);
    expect(lookup.json()).toEqual({ planType: 'monthly', amount: 599, customerEmail: buyer.email, customerName: buyer.name });
  });

  it('creates the account on the card trial, once: two sign-ups racing for the session get one account', async () => {
    const form = (email: string) => ({ firstName: 'Grace', lastName: 'Hopper', email, password: 'a long password', sessionId: session });
    const [first, second] = await Promise.all([
      post('/api/auth/complete-trial-signup', form(buyer.email)),
      post('/api/auth/complete-trial-signup', form('other@example.com')),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    const created = first.statusCode === 201 ? first : second;
    const answer = created.json();
    expect(answer.user).toMatchObject({ accountType: 'trial', hasStripeCustomer: true });
    expect(new Date(answer.user.trialEndsAt).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
    expect(sessionCookieFrom(t, created)).toBeDefined();
    await waitForMail(t.ctx, answer.user.email, 'verify-email');

    const rows = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, answer.userId));
    expect(rows).toMatchObject([{ status: 'trialing', planInterval: 'monthly' }]);
    expect((await get(`/api/subscriptions/verify-trial-session?session_id=${encodeURIComponent(session)}`)).statusCode).toBe(400);
    expect((await post('/api/auth/complete-trial-signup', form('third@example.com'))).statusCode).toBe(400);
  });

  it('refuses an unknown session', async () => {
    const res = await post('/api/auth/complete-trial-signup', {
      firstName: 'A',
      lastName: 'B',
      email: 'x@example.com',
      password: 'a long password',
      sessionId: 'cs_local_unknown-session',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('registration with tier=pro', () => {
  const form = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'a long password' });

  it('answers the checkout as stripeUrl', async () => {
    const res = await post('/api/auth/register', { ...form('pro@example.com'), tier: 'pro' });
    expect(res.statusCode).toBe(201);
    expect(res.json().stripeUrl).toMatch(/^http:\/\/localhost:3000\/checkout\/test\?session=cs_local_/);
    expect((await post('/api/auth/register', form('plain@example.com'))).json().stripeUrl).toBeUndefined();
  });

  it('keeps the free trial: the plan starts when the trial ends', async () => {
    const res = await post('/api/auth/register', { ...form('bonus@example.com'), tier: 'pro' });
    const { userId, stripeUrl, user } = res.json();
    await post('/api/billing/test-checkout/pay', { session: sessionOf(stripeUrl) });
    const [row] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row).toMatchObject({ status: 'trialing' });
    expect(row.endDate!.toISOString()).toBe(user.trialEndsAt);
  });
});
