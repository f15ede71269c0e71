import type { AppContext } from '../context';
import { findUserById } from '../auth/current-user';
import { sendMail } from '../mail/outbox';
import { formatAmount, CURRENCY, planPriceText, PLAN_PRICE_CENTS } from '../../shared/plans';
import type { ProviderSubscription } from './provider';

/** "December 10, 2026" in the reader's own time zone. */
function dayInZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(date);
}

/** The receipt-style mail after a purchase: plan, amount, what was charged today and when the next charge comes. */
export async function mailSubscriptionStarted(ctx: AppContext, userId: string, state: ProviderSubscription): Promise<void> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) return;
  const trialing = state.status === 'trialing' && state.trialEnd !== null;
  await sendMail(ctx, {
    userId: user.id,
    to: user.email,
    template: 'subscription-started',
    props: {
      appUrl: ctx.config.appUrl,
      firstName: user.firstName,
      plan: `Stash Pro, ${state.interval === 'monthly' ? 'billed monthly' : 'billed yearly'}`,
      amount: planPriceText(state.interval),
      chargedToday: trialing ? null : `${formatAmount(PLAN_PRICE_CENTS[state.interval])} ${CURRENCY}`,
      nextCharge: dayInZone(trialing ? state.trialEnd! : state.currentPeriodEnd, user.timezone),
    },
  });
}

/** After a cancellation: until when Pro lasts (the account's end, which counts referral months too). */
export async function mailSubscriptionCanceled(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user?.subscriptionEndsAt) return;
  await sendMail(ctx, {
    userId: user.id,
    to: user.email,
    template: 'subscription-canceled',
    props: { appUrl: ctx.config.appUrl, firstName: user.firstName, proUntil: dayInZone(user.subscriptionEndsAt, user.timezone) },
  });
}
