import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { defineJob } from '../jobs/define';
import { INVITES } from '../../shared/plans';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Daily: Pro accounts get their 20 invitations back every 30 days (docs/product/invitations.md, Invitation counts). */
export const inviteReplenishJob = defineJob({
  name: 'billing.invite-replenish',
  cron: '20 3 * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await replenishInvites(ctx, new Date());
  },
});

/** Tops up to 20 (never down) each Pro account last topped up 30 days ago or more; with billing off, every account is Pro. */
export async function replenishInvites(ctx: AppContext, now: Date): Promise<number> {
  const due = or(
    isNull(users.lastInviteRefreshAt),
    lte(users.lastInviteRefreshAt, new Date(now.getTime() - INVITES.proRefreshDays * DAY_MS)),
  );
  const proActive = and(eq(users.accountType, 'pro'), or(isNull(users.subscriptionEndsAt), gt(users.subscriptionEndsAt, now)));
  const refilled = await ctx.database.db
    .update(users)
    .set({ availableInvites: sql`greatest(${users.availableInvites}, ${INVITES.pro})`, lastInviteRefreshAt: now })
    .where(ctx.config.billing === 'off' ? due : and(due, proActive))
    .returning({ id: users.id });
  return refilled.length;
}
