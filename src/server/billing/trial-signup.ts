import type { AppContext } from '../context';
import { subscriptions } from '../db/schema';
import { HttpError } from '../http/errors';
import { signUp, type SignUpStep } from '../auth/sign-up';
import { billingMessages } from '../../shared/billing-messages';
import type { CompleteTrialSignupBody } from '../../shared/billing-schemas';
import { applySubscription } from './apply-subscription';
import { paidTrialSession } from './checkout';
import type { ProviderSubscription } from './provider';

/**
 * POST /api/auth/complete-trial-signup: the account for a visitor who has just started a trial at
 * the checkout (docs/product/plans-and-billing.md, Setup account). It is made like any sign-up, and in the same
 * transaction takes the checkout's subscription as its own: on trial until the card is charged.
 */
export async function completeTrialSignup(ctx: AppContext, body: CompleteTrialSignupBody, now = new Date()) {
  const { subscription } = await paidTrialSession(ctx, body.sessionId, now);
  return signUp(ctx, body, [claimSubscription(subscription, now)]);
}

/** The subscription's row is made first and is unique: of two sign-ups racing for one checkout, one gets it. */
function claimSubscription(state: ProviderSubscription, now: Date): SignUpStep {
  return async (tx, user) => {
    const [claimed] = await tx
      .insert(subscriptions)
      .values({ userId: user.id, stripeSubscriptionId: state.id })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    if (!claimed) throw new HttpError(409, 'SESSION_USED', billingMessages.invalidPaymentSession);
    await applySubscription(tx, state, { userId: user.id, now });
  };
}
