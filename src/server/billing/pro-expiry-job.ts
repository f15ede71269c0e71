import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { defineJob } from '../jobs/define';
import { INVITES } from '../../shared/plans';
import { resyncSubscription } from './resync';

/** Hourly: Pro that has reached its end (a canceled subscription's period, a referral month). */
export const proExpiryJob = defineJob({
  name: 'billing.pro-expiry',
  cron: '10 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await endLapsedPro(ctx, new Date());
  },
});

/**
 * Pro is already over for every rule once subscriptionEndsAt passes (isProActive); this makes the
 * rows say so. An account with a subscription asks its provider (which ends it and applies that);
 * Pro without one (referral months) becomes free here, with the free allowance of invitations.
 */
export async function endLapsedPro(ctx: AppContext, now: Date): Promise<{ resynced: number; ended: number }> {
  if (ctx.config.billing === 'off') return { resynced: 0, ended: 0 };
  const { db } = ctx.database;
  const lapsed = and(eq(users.accountType, 'pro'), lte(users.subscriptionEndsAt, now));

  const subscribed = await db
    .select({ id: users.id, stripeSubscriptionId: users.stripeSubscriptionId, subscriptionEndsAt: users.subscriptionEndsAt })
    .from(users)
    .where(and(lapsed, isNotNull(users.stripeSubscriptionId)));
  for (const account of subscribed) {
    await resyncSubscription(
      ctx,
      { id: account.id, stripeSubscriptionId: account.stripeSubscriptionId! },
      { name: 'pro-end', at: account.subscriptionEndsAt! },
      now,
    );
  }

  const ended = await db
    .update(users)
    .set({ accountType: 'free', availableInvites: sql`least(${users.availableInvites}, ${INVITES.free})`, updatedAt: now })
    .where(and(lapsed, isNull(users.stripeSubscriptionId)))
    .returning({ id: users.id });
  return { resynced: subscribed.length, ended: ended.length };
}
