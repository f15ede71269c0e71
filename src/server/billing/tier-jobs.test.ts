import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { findUserById, type User } from '../auth/current-user';
import { subscriptions } from '../db/schema';
import { tierOf } from '../../shared/permissions';
import { replenishInvites } from './invite-replenish-job';
import { nextRenewal } from './local-provider';
import { endLapsedPro } from './pro-expiry-job';
import { syncRenewals } from './renewal-sync-job';
import { expireTrials } from './trial-expiry-job';
import { resetMonthlyUsage } from './usage-reset-job';

/* The tier transitions, each run with a chosen "now" instead of waiting for the clock. */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const days = (n: number, from = new Date()) => new Date(from.getTime() + n * DAY_MS);
const reload = async (user: Pick<User, 'id'>) => (await findUserById(t.ctx.database.db, user.id))!;

/**
 * A user who bought a plan through the local test checkout: a free account (charged at once), or
 * with duringTrial an account on its free trial (charged first when the trial ends).
 */
async function subscriber(plan: 'monthly' | 'annual', duringTrial = false): Promise<User> {
  const user = await createUser(t.ctx, duringTrial ? {} : { accountType: 'free' });
  const cookie = await signIn(t, user);
  const checkout = (
    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-checkout-session',
      headers: { cookie, ...OWN_ORIGIN },
      payload: { plan },
    })
  ).json().url;
  await t.app.inject({
    method: 'POST',
    url: '/api/billing/test-checkout/pay',
    headers: OWN_ORIGIN,
    payload: { session: new URL(checkout).searchParams.get('session') },
  });
  return reload(user);
}

describe('trial expiry', () => {
  it('leaves an ended trial without a plan as an expired trial with the free invitations; running trials are untouched', async () => {
    const ended = await createUser(t.ctx, { trialEndsAt: days(-1) });
    const running = await createUser(t.ctx, { trialEndsAt: days(3) });
    const now = new Date();
    expect(tierOf(ended, 'local', now)).toBe('trialExpired');

    await expireTrials(t.ctx, now);
    expect(await reload(ended)).toMatchObject({ accountType: 'trial', availableInvites: 2 });
    expect(tierOf(await reload(ended), 'local', now)).toBe('trialExpired');
    expect(await reload(running)).toMatchObject({ accountType: 'trial', availableInvites: 5 });
  });

  it("keeps an upgrade during the trial Pro, and moves its row on to the first paid year at the trial's end", async () => {
    const user = await subscriber('annual', true);
    expect(user).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null });
    const [trialing] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(trialing).toMatchObject({ status: 'trialing', endDate: user.trialEndsAt });
    expect(await syncRenewals(t.ctx, days(1))).toBe(0);

    const afterTrial = new Date(user.trialEndsAt!.getTime() + 60_000);
    expect(await syncRenewals(t.ctx, afterTrial)).toBeGreaterThanOrEqual(1);
    expect(await reload(user)).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null, availableInvites: 20 });
    const [row] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row.status).toBe('active');
    expect(row.endDate).toEqual(nextRenewal(user.trialEndsAt!, 'annual'));
  });
});

describe('the end of Pro', () => {
  it('ends referral Pro at its end date, with the free invitations', async () => {
    const lapsed = await createUser(t.ctx, { accountType: 'pro', subscriptionEndsAt: days(-1), availableInvites: 17 });
    const current = await createUser(t.ctx, { accountType: 'pro', subscriptionEndsAt: days(5) });
    const forever = await createUser(t.ctx, { accountType: 'pro', subscriptionEndsAt: null });
    await endLapsedPro(t.ctx, new Date());
    expect(await reload(lapsed)).toMatchObject({ accountType: 'free', availableInvites: 2 });
    expect((await reload(current)).accountType).toBe('pro');
    expect((await reload(forever)).accountType).toBe('pro');
  });

  it('keeps a canceled subscription Pro until the period ends, then makes the account free', async () => {
    const user = await subscriber('monthly');
    const cookie = await signIn(t, user);
    await t.app.inject({ method: 'POST', url: '/api/subscription/cancel', headers: { cookie, ...OWN_ORIGIN } });
    const end = (await reload(user)).subscriptionEndsAt!;
    expect(end.getTime() - Date.now()).toBeGreaterThan(27 * DAY_MS);

    await endLapsedPro(t.ctx, new Date(end.getTime() - 60_000));
    expect((await reload(user)).accountType).toBe('pro');

    expect(await endLapsedPro(t.ctx, new Date(end.getTime() + 60_000))).toMatchObject({ resynced: 1 });
    expect(await reload(user)).toMatchObject({ accountType: 'free', stripeSubscriptionId: null, availableInvites: 2 });
    const answer = (await t.app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie } })).json();
    expect(answer.subscription).toMatchObject({ status: 'expired', periodEnd: end.toISOString() });
    // Free again, the account may buy a new plan.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-checkout-session',
      headers: { cookie, ...OWN_ORIGIN },
      payload: {},
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('renewals', () => {
  it("moves a renewing plan's period on once it has passed, so Settings never shows a renewal in the past", async () => {
    const user = await subscriber('monthly');
    const cookie = await signIn(t, user);
    const before = (await t.app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie } })).json().subscription;
    const periodEnd = new Date(before.periodEnd);

    expect(await syncRenewals(t.ctx, new Date(periodEnd.getTime() - 60_000))).toBe(0);
    const afterRenewal = new Date(periodEnd.getTime() + 60_000);
    expect(await syncRenewals(t.ctx, afterRenewal)).toBeGreaterThanOrEqual(1);

    const answer = (await t.app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie } })).json();
    expect(answer).toMatchObject({
      accountType: 'pro',
      subscriptionEndsAt: null,
      subscription: { status: 'active', periodEnd: nextRenewal(periodEnd, 'monthly').toISOString() },
    });
    const [row] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row.endDate!.getTime()).toBeGreaterThan(afterRenewal.getTime());
  });
});

describe('the monthly usage reset', () => {
  it("starts a new month at midnight in the user's zone, and leaves a running month alone", async () => {
    const now = new Date('2031-03-31T23:30:00Z');
    const paris = await createUser(t.ctx, {
      timezone: 'Europe/Paris',
      monthlyLinksUsed: 42,
      monthlyUsageResetAt: new Date('2031-03-31T22:00:00Z'),
    });
    const running = await createUser(t.ctx, { monthlyLinksUsed: 7, monthlyUsageResetAt: new Date('2031-04-01T00:00:00Z') });
    await resetMonthlyUsage(t.ctx, now);
    const reset = await reload(paris);
    expect(reset.monthlyLinksUsed).toBe(0);
    // April 1st 00:30 in Paris is in April: the next reset is May 1st, 00:00 Paris (22:00 UTC the day before).
    expect(reset.monthlyUsageResetAt!.toISOString()).toBe('2031-04-30T22:00:00.000Z');
    expect(await reload(running)).toMatchObject({ monthlyLinksUsed: 7 });
  });
});

describe('invitation replenishment', () => {
  it('tops Pro accounts up to 20 every 30 days, and nobody else', async () => {
    const now = new Date();
    const due = await createUser(t.ctx, { accountType: 'pro', availableInvites: 3, lastInviteRefreshAt: days(-31, now) });
    const recent = await createUser(t.ctx, { accountType: 'pro', availableInvites: 3, lastInviteRefreshAt: days(-5, now) });
    const lapsed = await createUser(t.ctx, {
      accountType: 'pro',
      subscriptionEndsAt: days(-1, now),
      availableInvites: 3,
      lastInviteRefreshAt: days(-40, now),
    });
    const free = await createUser(t.ctx, { accountType: 'free', availableInvites: 1 });
    await replenishInvites(t.ctx, now);
    expect(await reload(due)).toMatchObject({ availableInvites: 20, lastInviteRefreshAt: now });
    expect((await reload(recent)).availableInvites).toBe(3);
    expect((await reload(lapsed)).availableInvites).toBe(3);
    expect((await reload(free)).availableInvites).toBe(1);
  });
});
