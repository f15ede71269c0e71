import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { subscriptions, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { billingMessages } from '../../shared/billing-messages';
import { paymentProvider } from './current-provider';

/**
 * Before an account is deleted (docs/product/plans-and-billing.md, Checkout): every subscription of it that has not ended
 * is ended at the provider now, so nobody goes on paying for an account that is gone. The period
 * already paid for is not refunded. If the provider cannot be reached, this throws 502 and the
 * caller keeps the account: a paying subscription with no account to cancel it from is the worse
 * outcome, and the user can simply try again. With billing off there is no provider to ask.
 */
export async function endSubscriptionsBeforeDeletion(ctx: AppContext, userId: string, now = new Date()): Promise<void> {
  const provider = paymentProvider(ctx);
  if (!provider) return;
  const [rows, [account]] = await Promise.all([
    ctx.database.db
      .select({ id: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired'), isNotNull(subscriptions.stripeSubscriptionId))),
    ctx.database.db.select({ id: users.stripeSubscriptionId }).from(users).where(eq(users.id, userId)),
  ]);
  const ids = new Set([...rows.map((row) => row.id), account?.id].filter((id): id is string => Boolean(id)));
  for (const id of ids) {
    try {
      await provider.cancelNow(id, now);
    } catch (error) {
      ctx.log.error({ err: error, userId, subscriptionId: id }, 'could not cancel the subscription of an account being deleted');
      throw new HttpError(502, 'SUBSCRIPTION_CANCEL_FAILED', billingMessages.cancelBeforeDeletionFailed);
    }
  }
}
