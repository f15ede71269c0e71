import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { findUserById, type User } from '../auth/current-user';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { billingMessages } from '../../shared/billing-messages';
import { INVITES } from '../../shared/plans';

/**
 * "Continue on Free" (docs/product/plans-and-billing.md, Trial expired): a trial that ended without a purchase becomes a free
 * account in one step: 50 links a month counted from now, the weekly digest, 2 invitations at
 * most. One conditional UPDATE: only an ended trial without a subscription turns free.
 */
export async function continueOnFree(ctx: AppContext, userId: string, now = new Date()): Promise<User> {
  const [changed] = await ctx.database.db
    .update(users)
    .set({
      accountType: 'free',
      availableInvites: sql`least(${users.availableInvites}, ${INVITES.free})`,
      monthlyLinksUsed: 0,
      monthlyUsageResetAt: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.accountType, 'trial'), lte(users.trialEndsAt, now)))
    .returning({ id: users.id });
  if (!changed) throw new HttpError(409, 'TRIAL_NOT_ENDED', billingMessages.continueOnFreeNotNeeded);
  return (await findUserById(ctx.database.db, userId))!;
}
