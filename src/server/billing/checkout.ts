import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { AuthHooks } from '../auth/auth-hooks';
import type { User } from '../auth/current-user';
import { subscriptions } from '../db/schema';
import { HttpError } from '../http/errors';
import { paths } from '../../shared/routes';
import { DEFAULT_PLAN_INTERVAL, PLAN_PRICE_CENTS, type PlanInterval } from '../../shared/plans';
import type { CreateTrialAccountBody, RegisterBody } from '../../shared/auth-schemas';
import type { CheckoutBody, TrialSessionAnswer } from '../../shared/billing-schemas';
import { billingMessages } from '../../shared/billing-messages';
import { paymentProvider } from './current-provider';
import type { PaymentProvider, ProviderSubscription } from './provider';

/*
 * Starting and checking checkouts (docs/product/plans-and-billing.md, Checkout). A checkout only sends the buyer to the
 * provider: the account changes when the provider's event says it was paid (payment-events.ts).
 */

/** The page a checkout started from. */
type CheckoutOrigin = NonNullable<CheckoutBody['from']>;

/** The install's provider; with billing off, every billing route answers 404 saying so. */
export function requireProvider(ctx: AppContext): PaymentProvider {
  const provider = paymentProvider(ctx);
  if (!provider) throw new HttpError(404, 'BILLING_OFF', billingMessages.billingOff);
  return provider;
}

/** Where the provider sends the browser back: the page it came from, with the flags it reads. */
function returnUrls(ctx: AppContext, from: CheckoutOrigin): { successUrl: string; cancelUrl: string } {
  const base = ctx.config.appUrl;
  const session = 'session_id={CHECKOUT_SESSION_ID}';
  if (from === 'pricing')
    return { successUrl: `${base}${paths.pricing}?success=true&${session}`, cancelUrl: `${base}${paths.pricing}?canceled=true` };
  const page = from === 'upgrade-trial' ? paths.upgradeTrial : paths.upgrade;
  return { successUrl: `${base}${page}?${session}`, cancelUrl: `${base}${page}?cancelled=true` };
}

interface UpgradeOptions {
  plan: PlanInterval;
  from: CheckoutOrigin;
}

/** Stripe Checkout refuses a trial end less than 48 hours away; a shorter rest is rounded up to it. */
const MIN_TRIAL_REST_MS = 48 * 60 * 60 * 1000 + 60 * 1000;

/**
 * When the first charge of an upgrade comes (docs/product/plans-and-billing.md, Paying during a trial): at the end of the account's
 * running free trial, so paying early loses none of its days; undefined charges at once.
 */
function firstChargeAt(user: Pick<User, 'accountType' | 'trialEndsAt'>, now = new Date()): Date | undefined {
  if (user.accountType !== 'trial' || !user.trialEndsAt || user.trialEndsAt <= now) return undefined;
  return new Date(Math.max(user.trialEndsAt.getTime(), now.getTime() + MIN_TRIAL_REST_MS));
}

/** A signed-in user's checkout for Pro. One live subscription per account: a second is refused. */
export async function startCheckout(ctx: AppContext, user: User, { plan, from }: UpgradeOptions): Promise<{ url: string }> {
  const provider = requireProvider(ctx);
  if (user.stripeSubscriptionId) throw new HttpError(409, 'ALREADY_SUBSCRIBED', billingMessages.alreadySubscribed);
  const trialEnd = firstChargeAt(user);
  return provider.createCheckout({
    kind: 'upgrade',
    plan,
    user: { id: user.id, email: user.email, customerId: user.stripeCustomerId },
    trialEnd,
    ...returnUrls(ctx, from),
  });
}

/** A visitor's checkout: 14 days free with a card, then the plan; the account is made afterwards (/setup-account). */
export async function startTrialCheckout(ctx: AppContext, plan: PlanInterval): Promise<{ url: string }> {
  const provider = requireProvider(ctx);
  const { cancelUrl } = returnUrls(ctx, 'upgrade');
  return provider.createCheckout({
    kind: 'trial',
    plan,
    successUrl: `${ctx.config.appUrl}${paths.setupAccount}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl,
  });
}

/**
 * "Did my payment go through?" for the success page. It reads the session and changes nothing:
 * the account turns Pro from the provider's event, never from a redirect anyone could forge.
 */
export async function verifyCheckout(ctx: AppContext, user: User, sessionId: string): Promise<{ success: boolean }> {
  const session = await requireProvider(ctx).retrieveCheckout(sessionId);
  return { success: session?.complete === true && session.userId === user.id };
}

/**
 * A completed trial checkout that no account has claimed yet, for the /setup-account form. Its
 * subscription must still be live: one ended since (unowned-subscriptions.ts ends them before
 * the first charge) would promise trial terms that no longer hold.
 */
export async function paidTrialSession(
  ctx: AppContext,
  sessionId: string,
  now = new Date(),
): Promise<TrialSessionAnswer & { subscription: ProviderSubscription }> {
  const provider = requireProvider(ctx);
  const session = await provider.retrieveCheckout(sessionId);
  const subscriptionId = session?.kind === 'trial' && session.complete ? session.subscriptionId : null;
  const subscription =
    subscriptionId && !(await isClaimed(ctx, subscriptionId)) ? await provider.retrieveSubscription(subscriptionId, now) : null;
  if (!session || !subscription || subscription.status === 'ended') {
    throw new HttpError(400, 'INVALID_SESSION', billingMessages.invalidPaymentSession);
  }
  return {
    planType: session.plan,
    amount: PLAN_PRICE_CENTS[session.plan],
    customerEmail: session.customerEmail,
    customerName: session.customerName,
    subscription,
  };
}

/** An account already holds this subscription: its trial checkout has been used. */
async function isClaimed(ctx: AppContext, subscriptionId: string): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  return rows.length > 0;
}

/** The billing room's part in sign-up (auth/auth-hooks.ts): a sign-up for Pro goes on to the checkout. */
export const billingAuthHooks: AuthHooks = {
  afterSignUp: async (ctx, user, body) => ({ stripeUrl: await proCheckoutAfterSignUp(ctx, user, body) }),
};

/**
 * Registration with tier=pro (docs/product/accounts.md, Sign-up): the new account goes on to pay, and the answer
 * carries the checkout's URL as stripeUrl. Like every upgrade, the card is charged when the free trial ends.
 */
export async function proCheckoutAfterSignUp(
  ctx: AppContext,
  user: User,
  body: Pick<RegisterBody, 'tier' | 'hasBonus'> | CreateTrialAccountBody,
): Promise<string | undefined> {
  if (!('tier' in body) || body.tier !== 'pro' || !paymentProvider(ctx)) return undefined;
  try {
    const { url } = await startCheckout(ctx, user, { plan: DEFAULT_PLAN_INTERVAL, from: 'upgrade' });
    return url;
  } catch (error) {
    // The account exists either way; without the URL the client shows the plans instead.
    ctx.log.warn({ err: error, userId: user.id }, 'could not start the checkout after registration');
    return undefined;
  }
}
