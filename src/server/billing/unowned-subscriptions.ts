import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { subscriptions, users } from '../db/schema';
import { paymentProvider } from './current-provider';
import type { ProviderSubscription } from './provider';

/** A visitor's paid trial checkout: where to remind them to finish /setup-account. */
export interface VisitorCheckout {
  sessionId: string;
  email: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Long enough to finish /setup-account right after paying; soon enough to still be remembered. */
const SETUP_REMINDER_DELAY_MS = 60 * 60 * 1000;

/**
 * A live subscription that no account took when its event was processed, so nobody could cancel
 * it from Settings. `billing.end-unclaimed-subscription` ends it unless an account holds it by then:
 * - bought by an account that no longer exists (a checkout paid while the account was being
 *   deleted): at once;
 * - a visitor's paid trial whose /setup-account was never finished: the account may still be
 *   made, so a day before the first charge; an hour after paying, the visitor gets an e-mail with
 *   the /setup-account link (billing.setup-reminder), in case they closed the tab.
 * A job, not a call here: the event is recorded as processed already, and a job is retried.
 */
export async function handleUnownedSubscription(
  ctx: AppContext,
  state: ProviderSubscription,
  now: Date,
  visitorCheckout?: VisitorCheckout,
): Promise<void> {
  if (state.status === 'ended' || (await isClaimed(ctx, state.id))) return;
  let endAt: Date;
  if (state.userId) {
    const [buyer] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.id, state.userId));
    if (buyer) return;
    endAt = now;
  } else if (state.fromVisitorTrial && state.status === 'trialing' && state.trialEnd) {
    endAt = new Date(Math.max(now.getTime(), state.trialEnd.getTime() - DAY_MS));
    if (visitorCheckout) {
      const reminder = { subscriptionId: state.id, ...visitorCheckout };
      await ctx.jobs.send('billing.setup-reminder', reminder, {
        singletonKey: state.id,
        startAfter: new Date(now.getTime() + SETUP_REMINDER_DELAY_MS),
      });
    }
  } else {
    return;
  }
  await ctx.jobs.send('billing.end-unclaimed-subscription', { subscriptionId: state.id }, { singletonKey: state.id, startAfter: endAt });
}

/** The job's work: ends the subscription at the provider unless an account holds it. Answers whether it did. */
export async function endUnclaimedSubscription(ctx: AppContext, subscriptionId: string, now: Date): Promise<boolean> {
  const provider = paymentProvider(ctx);
  if (!provider || (await isClaimed(ctx, subscriptionId))) return false;
  await provider.cancelNow(subscriptionId, now);
  ctx.log.info({ subscriptionId }, 'ended a subscription that no account holds');
  return true;
}

/** An account holds this subscription (its row is made when the account takes it). */
export async function isClaimed(ctx: AppContext, subscriptionId: string): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  return rows.length > 0;
}
