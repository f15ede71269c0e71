import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { subscriptions } from '../db/schema';
import { defineJob } from '../jobs/define';
import { resyncSubscription } from './resync';

/** Hourly: subscriptions whose paid period (or free trial, for an upgrade during one) has ended while they renew. */
export const renewalSyncJob = defineJob({
  name: 'billing.renewal-sync',
  cron: '15 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await syncRenewals(ctx, new Date());
  },
});

/**
 * A renewing subscription stays Pro with no end, so nothing else looks at it when its period
 * ends; its row would go on saying it renews on a day that has passed. The local provider renews
 * only when read, and sends no event, so this is how its renewals reach our rows; with Stripe it
 * catches a renewal whose webhook never came (one read per period: the event id names it).
 */
export async function syncRenewals(ctx: AppContext, now: Date): Promise<number> {
  if (ctx.config.billing === 'off') return 0;
  const due = await ctx.database.db
    .select({ userId: subscriptions.userId, subscriptionId: subscriptions.stripeSubscriptionId, endDate: subscriptions.endDate })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['active', 'trialing']),
        lte(subscriptions.endDate, now),
        isNotNull(subscriptions.stripeSubscriptionId),
      ),
    );
  for (const row of due) {
    await resyncSubscription(
      ctx,
      { id: row.userId, stripeSubscriptionId: row.subscriptionId! },
      { name: 'renewal', at: row.endDate! },
      now,
    );
  }
  return due.length;
}
