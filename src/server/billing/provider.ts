import type { PlanInterval } from '../../shared/plans';

/**
 * A subscription as the payment provider holds it now, in our words. Stripe's objects and the
 * local test provider's rows both become this, and apply-subscription.ts turns it into our rows.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The account it was bought for, from the checkout's metadata; null for a visitor's trial checkout. */
  userId: string | null;
  /** Bought through our visitor's trial checkout: its account is made afterwards, on /setup-account. */
  fromVisitorTrial: boolean;
  /** 'ended' covers canceled, unpaid and expired; 'incomplete' has never been paid. */
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'ended';
  interval: PlanInterval;
  startedAt: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  /** When a scheduled cancellation takes effect (the period's end, usually); null while it renews. */
  cancelAt: Date | null;
  endedAt: Date | null;
  /** When this state was read: a write from an older read loses (webhooks arrive in any order). */
  readAt: Date;
}

type CheckoutKind = 'upgrade' | 'trial';

export interface CheckoutRequest {
  kind: CheckoutKind;
  plan: PlanInterval;
  /** The signed-in buyer; absent for a visitor's trial checkout. */
  user?: { id: string; email: string; customerId: string | null };
  /** Charge only from this date: the buyer keeps the trial they already have (at least 48 hours away). */
  trialEnd?: Date;
  /** May contain {CHECKOUT_SESSION_ID}, which the provider replaces with the session's id. */
  successUrl: string;
  cancelUrl: string;
}

/** A finished or pending checkout, looked up by the id the success URL carried. */
export interface CheckoutSession {
  kind: CheckoutKind;
  plan: PlanInterval;
  complete: boolean;
  userId: string | null;
  subscriptionId: string | null;
  customerEmail: string | null;
  customerName: string | null;
}

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** Null for an id the provider does not know. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSession | null>;
  /** `now` matters to the local provider only, whose trials turn into paid plans by the clock. */
  retrieveSubscription(subscriptionId: string, now: Date): Promise<ProviderSubscription | null>;
  /** Cancel at the end of the paid period (true) or take that back (false); answers the new state. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, now: Date): Promise<ProviderSubscription>;
  /**
   * Ends a subscription now, with no further charge (its account is being deleted, or it never got
   * one). A subscription that has ended already, or that the provider does not know, is left as it is.
   */
  cancelNow(subscriptionId: string, now: Date): Promise<void>;
  /**
   * A referral's free month for a paying subscriber: Stripe credits one month's price to the
   * customer's balance. `key` makes a repeated call (a retried job) credit nothing more.
   */
  creditOneMonth(subscription: ProviderSubscription, key: string): Promise<void>;
}
