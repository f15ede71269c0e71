import { FREE_MONTHLY_LINKS, INVITES } from './plans';

/**
 * The billing texts: the payment toasts of docs/product/errors-and-limits.md, Toasts (title / text) word for word, and what the
 * billing and invitation routes answer.
 */
export const paymentToasts = {
  noCheckoutUrl: { title: 'Payment error', text: 'There was a problem setting up the payment. Please try again.' },
  checkoutFailed: { title: 'Error', text: 'Failed to create checkout session. Please try again.' },
  upgradeTrialFailed: { title: 'Something went wrong', text: 'Please try again or contact support if the problem persists.' },
  paymentSuccessful: { title: 'Payment successful!', text: 'Welcome to Stash Pro.' },
  subscriptionSuccessful: { title: 'Subscription successful!', text: 'Welcome to Stash Pro.' },
  checkoutCanceled: { title: 'Checkout canceled', text: 'You have not been charged.' },
  paymentCancelled: { title: 'Payment cancelled', text: 'Your payment was cancelled. You can try again anytime.' },
  invalidSession: { title: 'Invalid session', text: 'Please choose a plan to start your trial.' },
  sessionVerificationFailed: { title: 'Session verification failed', text: 'Unable to verify your payment. Please contact support.' },
  accountCreationFailed: { title: 'Account creation failed' },
} as const;

/** A missing url in the checkout answer (docs/product/errors-and-limits.md, Toasts). */
export const NO_CHECKOUT_URL = 'No checkout URL received';

export const billingMessages = {
  billingOff: 'Billing is off on this server: every account has every Pro feature.',
  alreadySubscribed: 'You already have a subscription. You can manage it in Settings.',
  invalidPaymentSession: 'This payment session is not valid or has already been used.',
  noSubscription: 'You have no subscription to change.',
  cancelBeforeDeletionFailed:
    'We could not cancel your subscription with our payment provider, so your account has not been deleted and nothing has changed. Please try again in a few minutes.',
  checkoutClosed: 'This test checkout is finished or has expired.',
  trialCheckoutNeedsBuyer: 'Please enter your email address and name.',
  noInvitesLeft: 'You have no invitations left.',
  invalidInvitation: 'This invitation code is not valid or has already been used.',
  continueOnFreeNotNeeded: 'Only an account whose free trial has ended can switch to the free plan.',
} as const;

/**
 * The free plan as offered when a trial ends without a purchase (docs/product/plans-and-billing.md, Trial expired): saving is
 * paused until the user chooses Pro or "Continue on Free". Every page and e-mail says it this way.
 */
export const freePlanChoice = {
  action: 'Continue on Free',
  pending: 'Switching to Free...',
  /** What the free plan gives, as one phrase. */
  terms: `${FREE_MONTHLY_LINKS} links a month, a weekly digest and ${INVITES.free} invitations`,
  trialEnded: `Your free trial has ended, so saving links is paused until you choose: upgrade to Pro, or continue on Free (${FREE_MONTHLY_LINKS} links a month, a weekly digest and ${INVITES.free} invitations) in one click.`,
  switched: {
    title: 'You are on the free plan',
    text: `${FREE_MONTHLY_LINKS} links a month and a weekly digest. You can upgrade to Pro anytime.`,
  },
  failed: 'Could not switch to the free plan',
} as const;
