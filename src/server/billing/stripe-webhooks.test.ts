import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe';
import { createUser, OWN_ORIGIN, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { findUserById, type User } from '../auth/current-user';
import { paymentEvents, subscriptions } from '../db/schema';

/*
 * BILLING=stripe against a local fake of Stripe's API: the official SDK makes the calls, and every
 * webhook payload is signed by the SDK's generateTestHeaderString with the endpoint's secret.
 */

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({
    env: { BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url },
  });
  // Counts every write to a user's row, so "changes the account once" is something a test can see.
  await t.ctx.database.db.execute(sql`
    create table user_writes (user_id uuid not null);
    create function log_user_write() returns trigger language plpgsql as $$ begin insert into user_writes values (new.id); return new; end $$;
    create trigger user_writes after update on users for each row execute function log_user_write();
  `);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const db = () => t.ctx.database.db;
const reload = async (user: Pick<User, 'id'>) => (await findUserById(db(), user.id))!;

/** `signature` null sends none at all. */
function deliver(payload: string, signature: string | null = stripe.sign(payload)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

const send = (type: string, object: object, id?: string) =>
  deliver(JSON.stringify(stripe.event(type, object as Record<string, unknown>, id)));

async function as(user: User) {
  const cookie = await signIn(t, user);
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie, ...OWN_ORIGIN }, payload }),
  };
}

/** A free account that has paid at Stripe's checkout (charged at once); no webhook delivered yet. */
async function paidCheckout(plan: 'monthly' | 'annual' = 'annual', user?: User) {
  user ??= await createUser(t.ctx, { accountType: 'free' });
  const res = await (await as(user)).post('/api/subscriptions/create-checkout-session', { plan });
  expect(res.statusCode).toBe(200);
  const sessionId = new URL(res.json().url).pathname.split('/').pop()!;
  const subscription = stripe.completeCheckout(sessionId);
  return { user, sessionId, subscription, session: stripe.sessions.get(sessionId)! };
}

async function writesTo(user: User): Promise<number> {
  const result = await db().execute(sql`select count(*)::int as n from user_writes where user_id = ${user.id}`);
  return (result.rows[0] as { n: number }).n;
}

describe('a Stripe checkout', () => {
  it('is created through the SDK with the plan, the buyer and the way back', async () => {
    const { user, sessionId } = await paidCheckout('monthly');
    const created = stripe.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions' && request.body.client_reference_id === user.id,
    )!;
    expect(created.body).toMatchObject({
      mode: 'subscription',
      customer_email: user.email,
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '599', recurring: { interval: 'month' } } }],
      subscription_data: { metadata: { userId: user.id } },
      success_url: 'http://localhost:3000/upgrade?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/upgrade?cancelled=true',
    });
    // Paid, but no webhook yet: the success redirect alone changes nothing.
    const verified = await (await as(user)).get(`/api/subscriptions/verify-session?session_id=${sessionId}`);
    expect(verified.json()).toEqual({ success: true });
    expect((await reload(user)).accountType).toBe('free');
  });

  it('makes the account Pro from the signed checkout.session.completed event', async () => {
    const { user, session, subscription } = await paidCheckout();
    const res = await send('checkout.session.completed', session);
    expect(res.statusCode).toBe(200);
    const account = await reload(user);
    expect(account).toMatchObject({
      accountType: 'pro',
      subscriptionEndsAt: null,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
      availableInvites: 20,
    });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'active', planInterval: 'annual', stripeSubscriptionId: subscription.id });
    expect(row.endDate!.getTime()).toBe(subscription.items.data[0].current_period_end * 1000);
  });
});

describe('the webhook signature', () => {
  it.each([
    ['missing', (_payload: string) => null],
    ['signed with another secret', (payload: string) => stripe.sign(payload).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`)],
    ['older than 300 seconds', (payload: string) => stripe.sign(payload, Math.floor(Date.now() / 1000) - 301)],
    ['over a different body', (payload: string) => stripe.sign(payload.replace('"livemode":false', '"livemode":true'))],
  ])('is refused when %s (400), and nothing changes', async (_case, signatureFor) => {
    const { user, session } = await paidCheckout();
    const event = stripe.event('checkout.session.completed', session);
    const payload = JSON.stringify(event);
    const res = await deliver(payload, signatureFor(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_SIGNATURE');
    expect((await reload(user)).accountType).toBe('free');
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
    expect(await writesTo(user)).toBe(0);
  });

  it('accepts a signature made 299 seconds ago', async () => {
    const { user, session } = await paidCheckout();
    const payload = JSON.stringify(stripe.event('checkout.session.completed', session));
    expect((await deliver(payload, stripe.sign(payload, Math.floor(Date.now() / 1000) - 299))).statusCode).toBe(200);
    expect((await reload(user)).accountType).toBe('pro');
  });

  it('is in the OpenAPI document, and JSON elsewhere is still parsed as JSON', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).toContain('/api/webhooks/stripe');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: OWN_ORIGIN,
      payload: { email: 'nobody@example.com', password: 'x' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('takes only JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 'x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('replays', () => {
  it('processes the same event delivered 10 times at once exactly once', async () => {
    const { user, session } = await paidCheckout();
    const payload = JSON.stringify(stripe.event('checkout.session.completed', session));
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await writesTo(user)).toBe(1);
    expect((await reload(user)).accountType).toBe('pro');
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);

    // Stripe retrying later changes nothing either.
    await deliver(payload);
    expect(await writesTo(user)).toBe(1);
  });
});

describe('events out of order', () => {
  it('ends up where the subscription is, whichever event arrives first', async () => {
    const { user, session, subscription } = await paidCheckout();
    const createdSnapshot = structuredClone(subscription);
    const ended = Math.floor(Date.now() / 1000);
    stripe.updateSubscription(subscription.id, { status: 'canceled', ended_at: ended, canceled_at: ended });

    await send('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)!);
    await send('customer.subscription.created', createdSnapshot);
    await send('checkout.session.completed', session);
    const account = await reload(user);
    expect(account.accountType).toBe('free');
    expect(account.stripeSubscriptionId).toBeNull();
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'expired' });
  });

  it('keeps Pro to the end of the period when the cancellation is heard before the purchase', async () => {
    const { user, session, subscription } = await paidCheckout();
    stripe.updateSubscription(subscription.id, { cancel_at_period_end: true, cancel_at: subscription.items.data[0].current_period_end });
    await send('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!);
    await send('checkout.session.completed', session);
    const account = await reload(user);
    expect(account.accountType).toBe('pro');
    expect(account.subscriptionEndsAt!.getTime()).toBe(subscription.items.data[0].current_period_end * 1000);
  });
});

describe('renewals and endings', () => {
  it('stays Pro while Stripe retries a failed payment, and becomes free when the subscription ends', async () => {
    const { user, session, subscription } = await paidCheckout();
    await send('checkout.session.completed', session);

    stripe.updateSubscription(subscription.id, { status: 'past_due' });
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: {} } },
    };
    expect((await send('invoice.payment_failed', invoice)).statusCode).toBe(200);
    expect((await reload(user)).accountType).toBe('pro');

    stripe.updateSubscription(subscription.id, { status: 'active' });
    // An endpoint on an older API version sends the invoice's subscription at the top level.
    await send('invoice.paid', { id: 'in_2', object: 'invoice', customer: subscription.customer, subscription: subscription.id });
    expect((await reload(user)).accountType).toBe('pro');

    const ended = Math.floor(Date.now() / 1000);
    stripe.updateSubscription(subscription.id, { status: 'canceled', ended_at: ended });
    await send('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)!);
    expect(await reload(user)).toMatchObject({ accountType: 'free', stripeSubscriptionId: null, availableInvites: 2 });
    expect((await reload(user)).subscriptionEndsAt!.getTime()).toBe(ended * 1000);
  });

  it('cancels at the period end through the API, keeping Pro until then', async () => {
    const { user, session, subscription } = await paidCheckout();
    await send('checkout.session.completed', session);
    const answer = (await (await as(user)).post('/api/subscription/cancel')).json();
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      body: { cancel_at_period_end: 'true' },
    });
    expect(answer).toMatchObject({ billing: 'stripe', accountType: 'pro', subscription: { status: 'canceled' } });
    expect((await reload(user)).subscriptionEndsAt!.getTime()).toBe(subscription.items.data[0].current_period_end * 1000);
  });

  it('ignores events it has no use for, and subscriptions Stripe does not know', async () => {
    expect((await send('customer.created', { id: 'cus_x', object: 'customer' })).statusCode).toBe(200);
    const unknown = await send('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription' });
    expect(unknown.statusCode).toBe(200);
  });
});

describe('an upgrade during the free trial', () => {
  it("asks Stripe to charge first at the trial's end, and is Pro at once", async () => {
    const trialEndsAt = new Date(Date.now() + 9 * DAY_MS);
    const trialUser = await createUser(t.ctx, { trialEndsAt });
    const { session, subscription } = await paidCheckout('annual', trialUser);
    const created = stripe.requests.find(
      (request) => request.path === '/v1/checkout/sessions' && request.body.client_reference_id === trialUser.id,
    )!;
    expect(created.body.subscription_data).toMatchObject({ trial_end: String(Math.floor(trialEndsAt.getTime() / 1000)) });
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: Math.floor(trialEndsAt.getTime() / 1000) });

    await send('checkout.session.completed', session);
    expect(await reload(trialUser)).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null, availableInvites: 20 });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, trialUser.id));
    expect(row).toMatchObject({ status: 'trialing' });
    expect(row.endDate!.getTime()).toBe(Math.floor(trialEndsAt.getTime() / 1000) * 1000);
  });

  it('rounds a last day up to the 48 hours Stripe Checkout requires, rather than charging at once', async () => {
    const trialUser = await createUser(t.ctx, { trialEndsAt: new Date(Date.now() + DAY_MS) });
    const res = await (await as(trialUser)).post('/api/subscriptions/create-checkout-session', {});
    expect(res.statusCode).toBe(200);
    const created = stripe.requests.find(
      (request) => request.path === '/v1/checkout/sessions' && request.body.client_reference_id === trialUser.id,
    )!;
    expect(Number(created.body.subscription_data.trial_end) * 1000 - Date.now()).toBeGreaterThanOrEqual(2 * DAY_MS);
  });

  it('is refused by (fake) Stripe when a trial end is under 48 hours away, as the real API does', async () => {
    const { default: StripeSdk } = await import('stripe');
    const base = new URL(stripe.url);
    const client = new StripeSdk('sk_test_fake', { protocol: 'http', host: base.hostname, port: base.port, maxNetworkRetries: 0 });
    const tooSoon = Math.floor(Date.now() / 1000) + 60 * 60;
    const attempt = client.checkout.sessions.create({
      mode: 'subscription',
      success_url: 'http://localhost:3000/upgrade',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 599, recurring: { interval: 'month' }, product_data: { name: 'Stash Pro' } },
        },
      ],
      subscription_data: { trial_end: tooSoon },
    });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      param: 'subscription_data[trial_end]',
    });
  });
});

describe('a trial checkout with Stripe', () => {
  it('becomes an account on trial, then Pro when Stripe charges the card', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-trial-checkout',
      headers: OWN_ORIGIN,
      payload: { plan: 'annual' },
    });
    const sessionId = new URL(started.json().url).pathname.split('/').pop()!;
    const created = stripe.requests.at(-1)!;
    expect(created.body).toMatchObject({
      subscription_data: { trial_period_days: '14' },
      success_url: 'http://localhost:3000/setup-account?session_id={CHECKOUT_SESSION_ID}',
    });
    const subscription = stripe.completeCheckout(sessionId, { email: 'card-trial@example.com', name: 'Katherine Johnson' });
    // Before the account exists, the events find nobody to change.
    expect((await send('checkout.session.completed', stripe.sessions.get(sessionId)!)).statusCode).toBe(200);

    const lookup = await t.app.inject({ method: 'GET', url: `/api/subscriptions/verify-trial-session?session_id=${sessionId}` });
    expect(lookup.json()).toEqual({
      planType: 'annual',
      amount: 5900,
      customerEmail: 'card-trial@example.com',
      customerName: 'Katherine Johnson',
    });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-trial-signup',
      headers: OWN_ORIGIN,
      payload: { firstName: 'Katherine', lastName: 'Johnson', email: 'card-trial@example.com', password: 'a long password', sessionId },
    });
    expect(signup.statusCode).toBe(201);
    const user = await reload({ id: signup.json().userId });
    expect(user).toMatchObject({ accountType: 'trial', stripeCustomerId: subscription.customer, stripeSubscriptionId: subscription.id });
    expect(user.trialEndsAt!.getTime()).toBe(subscription.trial_end * 1000);

    stripe.updateSubscription(subscription.id, { status: 'active', trial_end: subscription.trial_end });
    await send('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!);
    expect((await reload(user)).accountType).toBe('pro');
  });
});

describe('the referral credit', () => {
  it("credits a paying subscriber one month's price on their Stripe balance, once per key", async () => {
    const { paymentProvider } = await import('./current-provider');
    const { session, subscription, user } = await paidCheckout('annual');
    await send('checkout.session.completed', session);
    const provider = paymentProvider(t.ctx)!;
    const state = (await provider.retrieveSubscription(subscription.id, new Date()))!;
    await provider.creditOneMonth(state, 'referral-test-1');
    await provider.creditOneMonth(state, 'referral-test-1');
    expect(stripe.balanceTransactions.filter((transaction) => transaction.customer === subscription.customer)).toMatchObject([
      { amount: -492, currency: 'usd', object: 'customer_balance_transaction' },
    ]);
    expect((await reload(user)).accountType).toBe('pro');
  });
});
