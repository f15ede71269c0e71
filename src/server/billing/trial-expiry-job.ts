import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { defineJob } from '../jobs/define';
import { INVITES } from '../../shared/plans';
import { resyncSubscription } from './resync';

/** Hourly: trials that have ended (docs/product/plans-and-billing.md, Trial). */
export const trialExpiryJob = defineJob({
  name: 'billing.trial-expiry',
  cron: '5 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await expireTrials(ctx, new Date());
  },
});

/**
 * A trial with a card asks its provider what became of it (charged: Pro). A trial without one
 * stays a trial account past its end, which every rule reads as an expired trial (no saving, the
 * free digest, 'Trial Expired'); its invitations drop to the free allowance.
 */
export async function expireTrials(ctx: AppContext, now: Date): Promise<{ resynced: number; expired: number }> {
  if (ctx.config.billing === 'off') return { resynced: 0, expired: 0 };
  const { db } = ctx.database;
  const ended = and(eq(users.accountType, 'trial'), lte(users.trialEndsAt, now));

  const withCard = await db
    .select({ id: users.id, stripeSubscriptionId: users.stripeSubscriptionId, trialEndsAt: users.trialEndsAt })
    .from(users)
    .where(and(ended, isNotNull(users.stripeSubscriptionId)));
  for (const account of withCard) {
    await resyncSubscription(
      ctx,
      { id: account.id, stripeSubscriptionId: account.stripeSubscriptionId! },
      { name: 'trial-end', at: account.trialEndsAt! },
      now,
    );
  }

  const expired = await db
    .update(users)
    .set({ availableInvites: INVITES.free, updatedAt: now })
    .where(and(ended, isNull(users.stripeSubscriptionId), gt(users.availableInvites, INVITES.free)))
    .returning({ id: users.id });
  return { resynced: withCard.length, expired: expired.length };
}
