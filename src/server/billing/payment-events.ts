import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { paymentEvents } from '../db/schema';
import { applySubscription } from './apply-subscription';
import { paymentProvider } from './current-provider';
import { mailSubscriptionStarted } from './plan-mails';
import { handleUnownedSubscription, type VisitorCheckout } from './unowned-subscriptions';

/**
 * Something the payment provider says happened to a subscription: a Stripe webhook, or the local
 * test checkout's stand-in for one. Only its id and the subscription it names are trusted; what
 * the subscription is now is read back from the provider.
 */
export interface PaymentEvent {
  /** The provider's event id: each is processed once. */
  id: string;
  type: string;
  subscriptionId: string | null;
  /** The buyer, when the event knows it (a checkout's client_reference_id). */
  userId?: string | null;
  /** A visitor's paid trial checkout: where to remind them to finish /setup-account. */
  visitorCheckout?: VisitorCheckout;
}

export type EventOutcome = 'applied' | 'duplicate' | 'unchanged';

/**
 * Processes an event once: the payment_events row is written in the same transaction as the
 * change, so of ten deliveries of one event at once, one writes and nine find the row (the
 * insert waits for the first transaction, then conflicts). A failure rolls the row back with the
 * change, and the provider's next delivery tries again.
 */
export async function processPaymentEvent(ctx: AppContext, event: PaymentEvent, now = new Date()): Promise<EventOutcome> {
  const { db } = ctx.database;
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return 'duplicate';

  // Read outside the transaction: a network call must not hold the (possibly only) connection.
  const provider = paymentProvider(ctx);
  const state = provider && event.subscriptionId ? await provider.retrieveSubscription(event.subscriptionId, now) : null;

  const outcome = await db.transaction(async (tx): Promise<EventOutcome> => {
    const [first] = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!first) return 'duplicate';
    if (!state) return 'unchanged';
    return (await applySubscription(tx, state, { userId: event.userId, now })) ? 'applied' : 'unchanged';
  });
  if (outcome === 'unchanged' && state) await handleUnownedSubscription(ctx, state, now, event.visitorCheckout);
  // The buyer's receipt, once per purchase (the event is processed once); a visitor's trial gets its account first.
  const buyerId = event.userId ?? state?.userId;
  if (
    outcome === 'applied' &&
    event.type === 'checkout.session.completed' &&
    state &&
    buyerId &&
    (state.status === 'active' || state.status === 'trialing')
  ) {
    await mailSubscriptionStarted(ctx, buyerId, state);
  }
  return outcome;
}
