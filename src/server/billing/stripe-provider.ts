import type Stripe from 'stripe';
import type { Config } from '../config';
import { TRIAL_DAYS } from '../../shared/trial';
import { ANNUAL_PER_MONTH_CENTS, PLAN_PRICE_CENTS, type PlanInterval } from '../../shared/plans';
import type { CheckoutSession, PaymentProvider, ProviderSubscription } from './provider';

/**
 * The official SDK, pointed at STRIPE_API_BASE when set (the tests' fake Stripe). Loaded on first
 * use, not at start-up: installs without Stripe billing never hold its 20 MB in memory.
 */
async function stripeClient(config: Config): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const base = config.stripe.apiBase ? new URL(config.stripe.apiBase) : undefined;
  return new StripeSdk(config.stripe.secretKey!, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base ? { protocol: base.protocol === 'http:' ? 'http' : 'https', host: base.hostname, port: base.port } : {}),
  });
}

export function createStripeProvider(config: Config): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const sdk = () => (client ??= stripeClient(config));

  return {
    async createCheckout(request) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [lineItem(config, request.plan)],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.user?.id,
        customer: request.user?.customerId ?? undefined,
        customer_email: request.user && !request.user.customerId ? request.user.email : undefined,
        metadata: { kind: request.kind, plan: request.plan },
        subscription_data: {
          // Ours, either way: another integration on the same Stripe account may make subscriptions too.
          metadata: request.user ? { userId: request.user.id } : { kind: 'trial' },
          ...(request.kind === 'trial' ? { trial_period_days: TRIAL_DAYS } : {}),
          ...(request.trialEnd ? { trial_end: seconds(request.trialEnd) } : {}),
        },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { url: session.url };
    },

    async retrieveCheckout(sessionId) {
      const stripe = await sdk();
      const session = await orNull(() => stripe.checkout.sessions.retrieve(sessionId));
      return session ? toCheckoutSession(session) : null;
    },

    async retrieveSubscription(subscriptionId) {
      const stripe = await sdk();
      const subscription = await orNull(() => stripe.subscriptions.retrieve(subscriptionId));
      return subscription ? toProviderSubscription(subscription) : null;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const stripe = await sdk();
      return toProviderSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },

    async cancelNow(subscriptionId) {
      const stripe = await sdk();
      // Stripe refuses to cancel a subscription twice: ask first. Unpaid and paused ones can still
      // be charged again, so they are canceled too.
      const subscription = await orNull(() => stripe.subscriptions.retrieve(subscriptionId));
      if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(subscriptionId);
    },

    async creditOneMonth(subscription, key) {
      const stripe = await sdk();
      const amount = subscription.interval === 'monthly' ? PLAN_PRICE_CENTS.monthly : ANNUAL_PER_MONTH_CENTS;
      // A negative balance is a credit: Stripe takes it off the customer's next invoices.
      await stripe.customers.createBalanceTransaction(
        subscription.customerId,
        { amount: -amount, currency: 'usd', description: 'Referral reward: one free month of Stash Pro' },
        { idempotencyKey: key },
      );
    },
  };
}

function lineItem(config: Config, plan: PlanInterval): Stripe.Checkout.SessionCreateParams.LineItem {
  const price = plan === 'monthly' ? config.stripe.priceMonthly : config.stripe.priceAnnual;
  if (price) return { price, quantity: 1 };
  // Without configured prices, the same amounts inline: nothing to set up in the dashboard first.
  return {
    quantity: 1,
    price_data: {
      currency: 'usd',
      unit_amount: PLAN_PRICE_CENTS[plan],
      recurring: { interval: plan === 'monthly' ? 'month' : 'year' },
      product_data: { name: 'Stash Pro' },
    },
  };
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession | null {
  const { kind, plan } = session.metadata ?? {};
  // A session some other integration made on the same Stripe account is not ours to honour.
  if ((kind !== 'upgrade' && kind !== 'trial') || (plan !== 'monthly' && plan !== 'annual')) return null;
  return {
    kind,
    plan,
    complete: session.status === 'complete',
    userId: session.client_reference_id,
    subscriptionId: idOf(session.subscription),
    customerEmail: session.customer_details?.email ?? session.customer_email,
    customerName: session.customer_details?.name ?? null,
  };
}

const endedStatuses = new Set(['canceled', 'incomplete_expired', 'unpaid', 'paused']);

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const currentPeriodEnd = date(item.current_period_end);
  const status = endedStatuses.has(subscription.status) ? 'ended' : (subscription.status as ProviderSubscription['status']);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    userId: subscription.metadata.userId || null,
    fromVisitorTrial: !subscription.metadata.userId && subscription.metadata.kind === 'trial',
    status,
    interval: item.price.recurring?.interval === 'year' ? 'annual' : 'monthly',
    startedAt: date(subscription.start_date),
    currentPeriodEnd,
    trialEnd: subscription.trial_end ? date(subscription.trial_end) : null,
    cancelAt: subscription.cancel_at ? date(subscription.cancel_at) : subscription.cancel_at_period_end ? currentPeriodEnd : null,
    endedAt: subscription.ended_at ? date(subscription.ended_at) : null,
    readAt: new Date(),
  };
}

/** Stripe answers 404 (resource_missing) for an unknown id: that is "no such thing", not a failure. */
async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isStripeError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

/** The SDK's errors, told by their type without loading the SDK's classes here. */
function isStripeError(error: unknown): error is { type: string; statusCode?: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { type?: unknown }).type === 'string' &&
    (error as { type: string }).type.startsWith('Stripe')
  );
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

const date = (unixSeconds: number) => new Date(unixSeconds * 1000);
const seconds = (value: Date) => Math.floor(value.getTime() / 1000);
