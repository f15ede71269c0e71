import type { User } from '../auth/current-user';
import type { subscriptions } from '../db/schema';
import { INVITES, REFERRAL_PRO_DAYS } from '../../shared/plans';
import { isProActive } from '../../shared/trial';
import type { ProviderSubscription } from './provider';

/*
 * What a subscription's current state means, as pure functions of that state: for the account
 * (users.accountType and friends) and for its `subscriptions` row. apply-subscription.ts writes both.
 */

type AccountFields = Pick<
  User,
  | 'accountType'
  | 'trialEndsAt'
  | 'subscriptionEndsAt'
  | 'stripeCustomerId'
  | 'stripeSubscriptionId'
  | 'availableInvites'
  | 'lastInviteRefreshAt'
>;
export type AccountChanges = Partial<AccountFields>;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ChangeContext {
  now: Date;
  /** Referral months added to this subscription's end (referral-reward.ts): Pro lasts that much longer. */
  extensionMonths: number;
}

/**
 * The account's new fields, or null when this subscription's news does not concern the account:
 * never paid for, or an older subscription ending while another is the current one.
 *
 * - trialing, bought by a visitor (the /setup-account path): the account is on trial until it ends,
 *   unless it is Pro already (a referral month): a trial never takes Pro away.
 * - trialing, bought by an account (an upgrade during its free trial, docs/product/plans-and-billing.md, Paying during a trial): Pro
 *   now, as paid; the first charge waits for the trial's end, so its remaining days are kept.
 * - active, past_due: Pro (Stripe is still retrying a failed payment while past_due); with a
 *   cancellation scheduled, Pro until the end of the paid period and any referral months after it.
 * - ended: a Pro account becomes free once its referral months are used up too; a trial account
 *   keeps its 14 days, as every account gets.
 */
export function accountChanges(
  user: AccountFields,
  state: ProviderSubscription,
  { now, extensionMonths }: ChangeContext,
): AccountChanges | null {
  if (state.status === 'incomplete') return null;
  const ids = { stripeCustomerId: state.customerId, stripeSubscriptionId: state.id };
  const extended = (end: Date) => new Date(end.getTime() + extensionMonths * REFERRAL_PRO_DAYS * DAY_MS);
  switch (state.status) {
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: falls through on purpose, said below
    case 'trialing':
      if (state.fromVisitorTrial) {
        if (isProActive(user, now)) return ids;
        return { ...ids, accountType: 'trial', trialEndsAt: state.cancelAt ?? state.trialEnd, subscriptionEndsAt: null };
      }
    // falls through: an account's own upgrade is Pro from the purchase
    case 'active':
    case 'past_due':
      return { ...ids, ...becomingPro(user, now), subscriptionEndsAt: state.cancelAt && extended(state.cancelAt) };
    case 'ended': {
      if (user.stripeSubscriptionId !== null && user.stripeSubscriptionId !== state.id) return null;
      if (user.accountType !== 'pro') return { ...ids, stripeSubscriptionId: null };
      const end = extended(state.endedAt ?? now);
      if (end > now) return { ...ids, stripeSubscriptionId: null, subscriptionEndsAt: end };
      return {
        ...ids,
        stripeSubscriptionId: null,
        accountType: 'free',
        subscriptionEndsAt: end,
        availableInvites: Math.min(user.availableInvites, INVITES.free),
      };
    }
  }
}

/** Pro's invitations arrive with Pro: topped up to 20, and again every 30 days (invite-replenish-job.ts). */
export function becomingPro(user: Pick<AccountFields, 'accountType' | 'availableInvites'>, now: Date): AccountChanges {
  if (user.accountType === 'pro') return { accountType: 'pro' };
  return { accountType: 'pro', availableInvites: Math.max(user.availableInvites, INVITES.pro), lastInviteRefreshAt: now };
}

type SubscriptionFields = Pick<
  typeof subscriptions.$inferInsert,
  'planInterval' | 'status' | 'startDate' | 'endDate' | 'stripeCustomerId' | 'stripeSubscriptionId'
>;

/**
 * The subscriptions row: trialing or active (renews at endDate), canceled (Pro until endDate, then
 * it ends), expired (ended at endDate).
 */
export function subscriptionFields(state: ProviderSubscription): SubscriptionFields {
  const ids = {
    stripeCustomerId: state.customerId,
    stripeSubscriptionId: state.id,
    planInterval: state.interval,
    startDate: state.startedAt,
  };
  if (state.status === 'ended') return { ...ids, status: 'expired', endDate: state.endedAt };
  if (state.cancelAt) return { ...ids, status: 'canceled', endDate: state.cancelAt };
  if (state.status === 'trialing') return { ...ids, status: 'trialing', endDate: state.trialEnd ?? state.currentPeriodEnd };
  return { ...ids, status: 'active', endDate: state.currentPeriodEnd };
}
