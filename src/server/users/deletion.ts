import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { findUserById } from '../auth/current-user';
import { apiTokens, categories, links, mailOutbox, users } from '../db/schema';
import { dispatchMail, queueMail } from '../mail/outbox';
import { endSubscriptionsBeforeDeletion } from '../billing/end-subscriptions';

/**
 * Deletes an account at once (docs/product/accounts.md, Account deletion), in one transaction. The foreign keys do the
 * rest: links, categories, sessions, API tokens, subscriptions, invitations and digest records
 * go with the user; people they invited keep their accounts with invitedById cleared. Mail not yet
 * handed to SMTP is dropped too; sent mail stays, detached, as a record.
 *
 * First its subscriptions are ended at the payment provider; when that fails, nothing is deleted
 * (502, see end-subscriptions.ts). Each step is safe to repeat, so trying again finishes the job.
 */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) return;
  await endSubscriptionsBeforeDeletion(ctx, userId);
  const outboxId = await ctx.database.db.transaction(async (tx) => {
    const [counts] = await tx
      .select({
        links: sql<number>`(select count(*)::int from ${links} where ${links.userId} = ${userId})`,
        categories: sql<number>`(select count(*)::int from ${categories} where ${categories.userId} = ${userId})`,
        apiTokens: sql<number>`(select count(*)::int from ${apiTokens} where ${apiTokens.userId} = ${userId})`,
      })
      .from(users)
      .where(eq(users.id, userId));
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.status, 'queued')));
    await tx.delete(users).where(eq(users.id, userId));
    // The last mail, about what went: queued after the deletion, so it belongs to nobody.
    return queueMail(tx, {
      to: user.email,
      template: 'account-deleted',
      props: {
        appUrl: ctx.config.appUrl,
        firstName: user.firstName,
        email: user.email,
        ...counts,
        subscriptionEnded: user.stripeSubscriptionId !== null,
      },
    });
  });
  await dispatchMail(ctx, outboxId);
}
