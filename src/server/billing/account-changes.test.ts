import { describe, expect, it } from 'vitest';
import { accountChanges, subscriptionFields } from './account-changes';
import type { ProviderSubscription } from './provider';

const now = new Date('2030-06-01T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

const state = (overrides: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  userId: null,
  fromVisitorTrial: false,
  status: 'active',
  interval: 'annual',
  startedAt: days(-10),
  currentPeriodEnd: days(355),
  trialEnd: null,
  cancelAt: null,
  endedAt: null,
  readAt: now,
  ...overrides,
});

const trialUser = {
  accountType: 'trial',
  trialEndsAt: days(5),
  subscriptionEndsAt: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  availableInvites: 5,
  lastInviteRefreshAt: null,
};
const proUser = {
  ...trialUser,
  accountType: 'pro',
  trialEndsAt: null,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  availableInvites: 12,
};
const plain = { now, extensionMonths: 0 };

describe('accountChanges', () => {
  it('makes a paid subscription Pro, with 20 invitations, renewing without end', () => {
    expect(accountChanges(trialUser, state(), plain)).toEqual({
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      accountType: 'pro',
      availableInvites: 20,
      lastInviteRefreshAt: now,
      subscriptionEndsAt: null,
    });
  });

  it('keeps Pro to the cancellation date, plus any referral months on the subscription', () => {
    expect(accountChanges(proUser, state({ cancelAt: days(30) }), plain)).toMatchObject({
      accountType: 'pro',
      subscriptionEndsAt: days(30),
    });
    expect(accountChanges(proUser, state({ cancelAt: days(30) }), { now, extensionMonths: 2 })).toMatchObject({
      subscriptionEndsAt: days(90),
    });
  });

  it('stays Pro while a payment is retried', () => {
    expect(accountChanges(proUser, state({ status: 'past_due' }), plain)).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null });
  });

  it("puts a visitor's card trial on trial until it ends, but never takes Pro away", () => {
    const visitorTrial = { status: 'trialing', trialEnd: days(14), fromVisitorTrial: true } as const;
    expect(accountChanges(trialUser, state(visitorTrial), plain)).toMatchObject({ accountType: 'trial', trialEndsAt: days(14) });
    const referralPro = { ...trialUser, accountType: 'pro', subscriptionEndsAt: days(20) };
    expect(accountChanges(referralPro, state(visitorTrial), plain)).toEqual({ stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' });
  });

  it('makes an upgrade during the free trial Pro at once, its first charge at the trial end', () => {
    expect(accountChanges(trialUser, state({ status: 'trialing', trialEnd: days(5), currentPeriodEnd: days(5) }), plain)).toMatchObject({
      accountType: 'pro',
      subscriptionEndsAt: null,
      availableInvites: 20,
    });
    expect(accountChanges(trialUser, state({ status: 'trialing', trialEnd: days(5), cancelAt: days(5) }), plain)).toMatchObject({
      accountType: 'pro',
      subscriptionEndsAt: days(5),
    });
  });

  it('makes an ended subscription free, unless referral months still run', () => {
    expect(accountChanges(proUser, state({ status: 'ended', endedAt: days(-1) }), plain)).toMatchObject({
      accountType: 'free',
      stripeSubscriptionId: null,
      availableInvites: 2,
      subscriptionEndsAt: days(-1),
    });
    expect(accountChanges(proUser, state({ status: 'ended', endedAt: days(-1) }), { now, extensionMonths: 1 })).toEqual({
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: null,
      subscriptionEndsAt: days(29),
    });
  });

  it('leaves a trial account its trial when its subscription ends', () => {
    expect(accountChanges(trialUser, state({ status: 'ended', endedAt: days(-1) }), plain)).toEqual({
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: null,
    });
  });

  it('ignores an old subscription ending while another is current, and one never paid', () => {
    expect(accountChanges({ ...proUser, stripeSubscriptionId: 'sub_2' }, state({ status: 'ended', endedAt: days(-1) }), plain)).toBeNull();
    expect(accountChanges(trialUser, state({ status: 'incomplete' }), plain)).toBeNull();
  });
});

describe('subscriptionFields', () => {
  it('names the subscription states with the date each one means', () => {
    expect(subscriptionFields(state())).toMatchObject({ status: 'active', endDate: days(355), planInterval: 'annual' });
    expect(subscriptionFields(state({ status: 'trialing', trialEnd: days(14) }))).toMatchObject({ status: 'trialing', endDate: days(14) });
    expect(subscriptionFields(state({ cancelAt: days(30) }))).toMatchObject({ status: 'canceled', endDate: days(30) });
    expect(subscriptionFields(state({ status: 'ended', endedAt: days(-1) }))).toMatchObject({ status: 'expired', endDate: days(-1) });
  });
});
