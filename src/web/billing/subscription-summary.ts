import { format } from 'date-fns';
import type { SubscriptionAnswer } from '@shared/billing-schemas';
import { tierOf } from '@shared/permissions';
import { freePlanChoice } from '@shared/billing-messages';
import { planPriceText } from '@shared/plans';
import { trialStatus } from '@shared/trial';

const day = (iso: string) => format(new Date(iso), 'MMMM d, yyyy');

export interface SubscriptionSummary {
  plan: string;
  /** When it renews, ends or ended, in words. */
  status: string;
  /** Which change the account can make now. */
  action: 'cancel' | 'resume' | 'upgrade' | null;
}

/** Settings' plan lines for an account: Pro monthly renewing on June 1, 2031, and so on. */
export function summarize(answer: SubscriptionAnswer, now = new Date()): SubscriptionSummary {
  const { subscription } = answer;
  const tier = tierOf(answer, answer.billing, now);
  if (
    subscription &&
    (subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'canceled') &&
    tier !== 'free'
  ) {
    const plan = `Stash Pro, ${subscription.plan === 'monthly' ? 'billed monthly' : 'billed yearly'}`;
    const end = subscription.periodEnd ? day(subscription.periodEnd) : null;
    if (subscription.status === 'canceled') {
      // The account's own end counts the free months earned by referrals on top of the paid period.
      const proUntil = answer.subscriptionEndsAt ? day(answer.subscriptionEndsAt) : end;
      return { plan, status: `Canceled. You keep Pro until ${proUntil}.`, action: 'resume' };
    }
    if (subscription.status === 'trialing')
      return { plan, status: `First charge on ${end}, when your free trial ends (${planPriceText(subscription.plan)}).`, action: 'cancel' };
    return { plan, status: `Renews on ${end} (${planPriceText(subscription.plan)}).`, action: 'cancel' };
  }
  if (tier === 'pro') {
    return {
      plan: 'Stash Pro',
      status: answer.subscriptionEndsAt ? `Pro until ${day(answer.subscriptionEndsAt)}.` : 'Pro with no end date.',
      action: answer.subscriptionEndsAt ? 'upgrade' : null,
    };
  }
  if (tier === 'trial') {
    const days = trialStatus(answer, now).daysRemaining;
    return {
      plan: 'Free trial',
      status: `${days} day${days === 1 ? '' : 's'} left: your trial ends on ${day(answer.trialEndsAt!)}.`,
      action: 'upgrade',
    };
  }
  if (tier === 'trialExpired') return { plan: 'Trial Expired', status: freePlanChoice.trialEnded, action: 'upgrade' };
  return { plan: 'Free', status: `${freePlanChoice.terms}.`, action: 'upgrade' };
}
