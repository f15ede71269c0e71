import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { findUserById, type User } from '../auth/current-user';
import { subscriptions } from '../db/schema';
import { HttpError } from '../http/errors';
import { billingMessages } from '../../shared/billing-messages';
import type { SubscriptionAnswer } from '../../shared/billing-schemas';
import { applySubscription } from './apply-subscription';
import { requireProvider } from './checkout';
import { mailSubscriptionCanceled } from './plan-mails';

/** GET /api/subscription: the account's plan, and its current (else latest) subscription. */
export async function subscriptionOf(ctx: AppContext, user: User): Promise<SubscriptionAnswer> {
  const current = user.stripeSubscriptionId ?? '';
  const [row] = await ctx.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id))
    .orderBy(desc(sql`${subscriptions.stripeSubscriptionId} = ${current}`), desc(subscriptions.updatedAt))
    .limit(1);
  return {
    billing: ctx.config.billing,
    accountType: user.accountType as SubscriptionAnswer['accountType'],
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: user.subscriptionEndsAt?.toISOString() ?? null,
    subscription: row?.stripeSubscriptionId
      ? {
          plan: row.planInterval as 'monthly' | 'annual',
          status: row.status as 'trialing' | 'active' | 'canceled' | 'expired',
          periodEnd: row.endDate?.toISOString() ?? null,
          referralExtensionMonths: row.referralExtensionMonths,
        }
      : null,
  };
}

/**
 * Cancel at the end of the paid period (Pro stays until then), or take the cancellation back.
 * The provider answers the new state, which is applied at once; its webhook re-applies the same.
 */
export async function setCancellation(ctx: AppContext, user: User, cancel: boolean, now = new Date()): Promise<SubscriptionAnswer> {
  const provider = requireProvider(ctx);
  if (!user.stripeSubscriptionId) throw new HttpError(404, 'NO_SUBSCRIPTION', billingMessages.noSubscription);
  const state = await provider.setCancelAtPeriodEnd(user.stripeSubscriptionId, cancel, now);
  await ctx.database.db.transaction((tx) => applySubscription(tx, state, { userId: user.id, now }));
  if (cancel) await mailSubscriptionCanceled(ctx, user.id);
  return subscriptionOf(ctx, (await findUserById(ctx.database.db, user.id))!);
}
