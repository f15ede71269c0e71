import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { mailOutbox, users } from '../db/schema';
import { endSubscriptionsBeforeDeletion } from '../billing/end-subscriptions';

/**
 * Deletes an account at once (PRODUCT.md point 15), in one transaction. The foreign keys do the
 * rest: links, categories, sessions, API tokens, subscriptions, invitations and digest records
 * go with the user; people they invited keep their accounts with invitedById cleared. Mail not yet
 * handed to SMTP is dropped too; sent mail stays, detached, as a record.
 *
 * First its subscriptions are ended at the payment provider; when that fails, nothing is deleted
 * (502, see end-subscriptions.ts). Each step is safe to repeat, so trying again finishes the job.
 */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  await endSubscriptionsBeforeDeletion(ctx, userId);
  await ctx.database.db.transaction(async (tx) => {
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.status, 'queued')));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
