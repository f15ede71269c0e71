import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { processPaymentEvent, type PaymentEvent } from './payment-events';

/** Stripe's own default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe's events are signed and come from Stripe: a large invoice's may pass the app's 64 KB. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/webhooks/stripe (BILLING=stripe). It has no cookie and no Origin, so the origin check
 * lets it through; the signature over the raw body is its authentication.
 */

export function stripeWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Loaded here, as the rest of the SDK: installs without Stripe billing never hold it in memory.
    const { webhooks } = (await import('stripe')).default;
    // The signature covers the exact bytes Stripe sent, so in this plugin alone JSON stays raw.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/api/webhooks/stripe',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: { tags: ['billing'], summary: 'Stripe events, signed with STRIPE_WEBHOOK_SECRET', response: { 400: errorAnswer } },
      },
      async (request) => {
        const event = verifiedEvent(ctx, webhooks, request.body, request.headers['stripe-signature']);
        const paymentEvent = toPaymentEvent(event);
        if (paymentEvent) await processPaymentEvent(ctx, paymentEvent);
        return { received: true };
      },
    );
  };
}

function verifiedEvent(ctx: AppContext, webhooks: Stripe.Webhooks, body: unknown, signature: string | string[] | undefined): Stripe.Event {
  if (!Buffer.isBuffer(body) || typeof signature !== 'string') {
    throw new HttpError(400, 'BAD_SIGNATURE', 'A signed Stripe event is expected here.');
  }
  try {
    return webhooks.constructEvent(body, signature, ctx.config.stripe.webhookSecret!, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    ctx.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'refused a Stripe webhook');
    throw new HttpError(400, 'BAD_SIGNATURE', 'The Stripe signature does not match or is too old.');
  }
}

/** The events that can change an account, and the subscription each names; null for the rest. */
function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      const email = session.customer_details?.email;
      const visitorCheckout = !session.client_reference_id && email ? { sessionId: session.id, email } : undefined;
      return { ...base, subscriptionId: idOf(session.subscription), userId: session.client_reference_id, visitorCheckout };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      // An endpoint on an API version before 2025-03-31 still sends the older `subscription` field.
      const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription ?? null;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
      return subscriptionId ? { ...base, subscriptionId } : null;
    }
    default:
      return null;
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}
