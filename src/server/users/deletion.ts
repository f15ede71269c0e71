import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { mailOutbox, users } from '../db/schema';

/**
 * Deletes an account at once (PRODUCT.md point 15), in one transaction. The foreign keys do the
 * rest: links, categories, sessions, API tokens, subscriptions, invitations and digest records
 * go with the user; people they invited keep their accounts with invitedById cleared. Mail not yet
 * handed to SMTP is dropped too; sent mail stays, detached, as a record.
 */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.status, 'queued')));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
