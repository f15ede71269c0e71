import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe';
import { createUser, OWN_ORIGIN, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { findUserById, type User } from '../auth/current-user';
import { mailOutbox, subscriptions, users } from '../db/schema';
import { remindToFinishSetup } from './setup-reminder-job';
import { endUnclaimedSubscription } from './unowned-subscriptions';

/*
 * BILLING=stripe, against the fake Stripe: subscriptions that must end because no account is left
 * to pay for them: the account's deletion (docs/product/accounts.md, Account deletion), a checkout paid while it was being
 * deleted, and a visitor's paid trial whose /setup-account was never finished.
 */

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({
    env: { BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url },
  });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const db = () => t.ctx.database.db;

function send(type: string, object: object) {
  const payload = JSON.stringify(stripe.event(type, object as Record<string, unknown>));
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
    payload,
  });
}

async function as(user: User) {
  const cookie = await signIn(t, user);
  return {
    cookie,
    post: (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie, ...OWN_ORIGIN }, payload }),
    remove: () =>
      t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie, ...OWN_ORIGIN }, payload: { password: TEST_PASSWORD } }),
  };
}

/** A free user's paid checkout at Stripe (charged at once); `deliver` false keeps its webhook back. */
async function subscriber({ deliver = true } = {}) {
  const user = await createUser(t.ctx, { accountType: 'free' });
  const client = await as(user);
  const started = await client.post('/api/subscriptions/create-checkout-session', { plan: 'monthly' });
  const sessionId = new URL(started.json().url).pathname.split('/').pop()!;
  const subscription = stripe.completeCheckout(sessionId);
  if (deliver) expect((await send('checkout.session.completed', stripe.sessions.get(sessionId)!)).statusCode).toBe(200);
  return { user, client, sessionId, subscription };
}

/** The jobs of one kind waiting for a subscription, with when they are due and what they carry. */
async function waitingJobs(
  subscriptionId: string,
  name = 'billing.end-unclaimed-subscription',
): Promise<{ startAfter: Date; data: Record<string, string> }[]> {
  const result = await db().execute(
    sql`select start_after as "startAfter", data from pgboss.job where name = ${name} and singleton_key = ${subscriptionId} and state = 'created'`,
  );
  return (result.rows as { startAfter: string | Date; data: Record<string, string> }[]).map((row) => ({
    startAfter: new Date(row.startAfter),
    data: row.data,
  }));
}

const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));

const cancelCalls = (subscriptionId: string) =>
  stripe.requests.filter((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`);

describe('deleting an account with a Stripe subscription', () => {
  it('cancels the subscription at Stripe at once, then deletes the account', async () => {
    const { user, client, subscription } = await subscriber();
    expect((await findUserById(db(), user.id))!.accountType).toBe('pro');

    const res = await client.remove();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted' });
    expect(cancelCalls(subscription.id)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await findUserById(db(), user.id)).toBeUndefined();

    // Stripe's own news of the cancellation finds no account, and is fine with that.
    expect((await send('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)!)).statusCode).toBe(200);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscription.id))).toEqual([]);
    expect(await waitingJobs(subscription.id)).toEqual([]);
  });

  it('also ends a subscription already set to end with the period', async () => {
    const { client, subscription } = await subscriber();
    expect((await client.post('/api/subscription/cancel')).statusCode).toBe(200);
    expect((await client.remove()).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
  });

  it('leaves a subscription that has ended alone', async () => {
    const { user, client, subscription } = await subscriber();
    stripe.updateSubscription(subscription.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    await send('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)!);
    expect((await client.remove()).statusCode).toBe(200);
    expect(cancelCalls(subscription.id)).toEqual([]);
    expect(await findUserById(db(), user.id)).toBeUndefined();
  });

  it('keeps the account, and says why, when Stripe cannot be reached; a second try deletes it', async () => {
    const { user, client, subscription } = await subscriber();
    stripe.down = true;
    try {
      const res = await client.remove();
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'SUBSCRIPTION_CANCEL_FAILED',
        message:
          'We could not cancel your subscription with our payment provider, so your account has not been deleted and nothing has changed. Please try again in a few minutes.',
      });
    } finally {
      stripe.down = false;
    }
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'active' });
    expect(await findUserById(db(), user.id)).toMatchObject({ accountType: 'pro', stripeSubscriptionId: subscription.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: client.cookie } })).statusCode).toBe(200);

    expect((await client.remove()).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await findUserById(db(), user.id)).toBeUndefined();
  });
});

describe('a subscription no account holds', () => {
  it('is ended when its checkout was paid after the account was deleted', async () => {
    const { user, client, sessionId, subscription } = await subscriber({ deliver: false });
    // Paid at Stripe, not yet known here, when the account goes: there is nothing to cancel yet.
    expect((await client.remove()).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'active' });

    expect((await send('checkout.session.completed', stripe.sessions.get(sessionId)!)).statusCode).toBe(200);
    const [job] = await waitingJobs(subscription.id);
    expect(job.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await endUnclaimedSubscription(t.ctx, subscription.id, new Date())).toBe(true);
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("is ended a day before a visitor's paid trial is charged, when /setup-account was never finished", async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-trial-checkout',
      headers: OWN_ORIGIN,
      payload: { plan: 'annual' },
    });
    const sessionId = new URL(started.json().url).pathname.split('/').pop()!;
    const subscription = stripe.completeCheckout(sessionId, { email: 'never-finished@example.com', name: 'Ada Lovelace' });
    expect((await send('checkout.session.completed', stripe.sessions.get(sessionId)!)).statusCode).toBe(200);
    // Delivered twice (Stripe also says the subscription was created): still one job.
    expect((await send('customer.subscription.created', subscription)).statusCode).toBe(200);

    const jobs = await waitingJobs(subscription.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].startAfter.getTime()).toBe(subscription.trial_end * 1000 - DAY_MS);

    // An hour after paying, the visitor gets the /setup-account link, in case they closed the tab.
    const reminders = await waitingJobs(subscription.id, 'billing.setup-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].startAfter.getTime() - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    expect(reminders[0].data).toEqual({ subscriptionId: subscription.id, sessionId, email: 'never-finished@example.com' });
    expect(await remindToFinishSetup(t.ctx, reminders[0].data as never)).toBe(true);
    const [reminder] = await mailsTo('never-finished@example.com');
    expect(reminder.subject).toBe('Finish setting up your Stash account');
    expect(reminder.text).toContain(`${t.ctx.config.appUrl}/setup-account?session_id=${sessionId}`);

    expect(await endUnclaimedSubscription(t.ctx, subscription.id, new Date(subscription.trial_end * 1000 - DAY_MS))).toBe(true);
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });

    // Its trial terms no longer hold: /setup-account refuses the session (a plain sign-up still works).
    const lookup = await t.app.inject({ method: 'GET', url: `/api/subscriptions/verify-trial-session?session_id=${sessionId}` });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().code).toBe('INVALID_SESSION');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-trial-signup',
      headers: OWN_ORIGIN,
      payload: { firstName: 'Ada', lastName: 'Lovelace', email: 'never-finished@example.com', password: 'a long password', sessionId },
    });
    expect(signup.statusCode).toBe(400);
    expect(await db().select().from(users).where(eq(users.email, 'never-finished@example.com'))).toEqual([]);
  });

  it('is left alone when it is not ours (another integration on the same Stripe account)', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-trial-checkout',
      headers: OWN_ORIGIN,
      payload: { plan: 'annual' },
    });
    const sessionId = new URL(started.json().url).pathname.split('/').pop()!;
    const subscription = stripe.completeCheckout(sessionId);
    expect(subscription.metadata).toEqual({ kind: 'trial' });
    stripe.updateSubscription(subscription.id, { metadata: { app: 'someone-else' } });
    expect((await send('customer.subscription.created', subscription)).statusCode).toBe(200);
    expect(await waitingJobs(subscription.id)).toEqual([]);
  });

  it('is left alone once the visitor has set up their account', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-trial-checkout',
      headers: OWN_ORIGIN,
      payload: { plan: 'monthly' },
    });
    const sessionId = new URL(started.json().url).pathname.split('/').pop()!;
    const subscription = stripe.completeCheckout(sessionId, { email: 'finished@example.com', name: 'Mary Jackson' });
    await send('checkout.session.completed', stripe.sessions.get(sessionId)!);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-trial-signup',
      headers: OWN_ORIGIN,
      payload: { firstName: 'Mary', lastName: 'Jackson', email: 'finished@example.com', password: 'a long password', sessionId },
    });
    expect(signup.statusCode).toBe(201);

    expect(await endUnclaimedSubscription(t.ctx, subscription.id, new Date(subscription.trial_end * 1000 - DAY_MS))).toBe(false);
    expect(await remindToFinishSetup(t.ctx, { subscriptionId: subscription.id, sessionId, email: 'finished@example.com' })).toBe(false);
    expect((await mailsTo('finished@example.com')).map((mail) => mail.template)).not.toContain('finish-setup');
    expect(cancelCalls(subscription.id)).toEqual([]);
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'trialing' });
  });
});
