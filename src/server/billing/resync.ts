import type { AppContext } from '../context';
import { processPaymentEvent, type EventOutcome } from './payment-events';

/**
 * Reads a subscription again when the clock says it should have changed (a trial's or a paid
 * period's end) and applies what the provider says, as a webhook would. For the local provider
 * this is how time moves its subscriptions; with Stripe it catches a webhook that never came.
 * The event id names the moment, so each moment is synced once.
 */
export function resyncSubscription(
  ctx: AppContext,
  account: { id: string; stripeSubscriptionId: string },
  moment: { name: string; at: Date },
  now: Date,
): Promise<EventOutcome> {
  return processPaymentEvent(
    ctx,
    {
      id: `resync:${account.stripeSubscriptionId}:${moment.name}:${moment.at.toISOString()}`,
      type: `resync.${moment.name}`,
      subscriptionId: account.stripeSubscriptionId,
      userId: account.id,
    },
    now,
  );
}
