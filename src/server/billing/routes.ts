import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { toCurrentUser } from '../auth/current-user';
import { ensureAllowed, loadAccount, requireUser, signedIn } from '../auth/request-user';
import { adoptSession } from '../auth/session-http';
import { admitSignUp } from '../auth/sign-up';
import { signUpAnswer } from '../../shared/auth-schemas';
import {
  checkoutAnswer,
  checkoutBody,
  completeTrialSignupBody,
  plansAnswer,
  plansFor,
  sessionQuery,
  subscriptionAnswer,
  trialSessionAnswer,
  verifySessionAnswer,
} from '../../shared/billing-schemas';
import { accountMessages } from '../../shared/validation-messages';
import { paidTrialSession, requireProvider, startCheckout, startTrialCheckout, verifyCheckout } from './checkout';
import { continueOnFree } from './continue-on-free';
import { setCancellation, subscriptionOf } from './subscription-service';
import { testCheckoutRoutes } from './test-checkout-routes';
import { completeTrialSignup } from './trial-signup';
import { stripeWebhookRoutes } from './webhook-routes';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer };

/**
 * Plans, checkouts and the account's subscription (docs/product/plans-and-billing.md); with billing off they say
 * so (404). Stripe's webhook, or the local test checkout, by billing mode.
 */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    if (ctx.config.billing === 'stripe') await app.register(stripeWebhookRoutes(ctx));
    if (ctx.config.billing === 'local') await app.register(testCheckoutRoutes(ctx));
    const schema = (summary: string) => ({ tags: ['billing'], summary });
    // Before anything else (even "not allowed"): with billing off, these routes only say so.
    const billingOn = async () => {
      requireProvider(ctx);
    };

    app.get('/api/billing/plans', { schema: { ...schema('Prices, or that billing is off'), response: { 200: plansAnswer } } }, async () =>
      plansFor(ctx.config.billing),
    );

    app.get(
      '/api/subscription',
      {
        schema: { ...schema("The account's plan and subscription"), response: { 200: subscriptionAnswer, ...errors } },
        onRequest: requireUser(ctx),
      },
      async (request) => subscriptionOf(ctx, await loadAccount(ctx, signedIn(request))),
    );

    for (const [action, cancel] of [
      ['cancel', true],
      ['resume', false],
    ] as const) {
      app.post(
        `/api/subscription/${action}`,
        {
          schema: {
            ...schema(cancel ? 'Cancel at the end of the paid period' : 'Take a cancellation back'),
            response: { 200: subscriptionAnswer, ...errors },
          },
          onRequest: [billingOn, requireUser(ctx)],
        },
        async (request) => {
          const auth = signedIn(request);
          ensureAllowed(ctx, auth, 'manageBilling');
          return setCancellation(ctx, await loadAccount(ctx, auth), cancel);
        },
      );
    }

    app.post(
      '/api/subscription/continue-free',
      {
        schema: {
          ...schema('After a trial that ended without a purchase: switch to the free plan'),
          response: { 200: subscriptionAnswer, ...errors },
        },
        onRequest: [billingOn, requireUser(ctx)],
      },
      async (request) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'manageBilling');
        return subscriptionOf(ctx, await continueOnFree(ctx, auth.user.id));
      },
    );

    app.post(
      '/api/subscriptions/create-checkout-session',
      {
        schema: { ...schema('Start a checkout for Pro'), body: checkoutBody, response: { 200: checkoutAnswer, ...errors } },
        onRequest: [billingOn, requireUser(ctx)],
      },
      async (request) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'manageBilling');
        return startCheckout(ctx, await loadAccount(ctx, auth), request.body);
      },
    );

    app.post(
      '/api/subscriptions/create-trial-checkout',
      {
        schema: {
          ...schema('Start a 14-day trial checkout (no account yet)'),
          body: checkoutBody,
          response: { 200: checkoutAnswer, ...errors },
        },
        onRequest: billingOn,
      },
      async (request) => startTrialCheckout(ctx, request.body.plan),
    );

    app.get(
      '/api/subscriptions/verify-session',
      {
        schema: { ...schema('Did this checkout complete?'), querystring: sessionQuery, response: { 200: verifySessionAnswer, ...errors } },
        onRequest: [billingOn, requireUser(ctx)],
      },
      async (request) => verifyCheckout(ctx, await loadAccount(ctx, signedIn(request)), request.query.session_id),
    );

    app.get(
      '/api/subscriptions/verify-trial-session',
      {
        schema: {
          ...schema('The paid trial checkout behind /setup-account'),
          querystring: sessionQuery,
          response: { 200: trialSessionAnswer, ...errors },
        },
        onRequest: billingOn,
      },
      async (request) => {
        const { subscription: _, ...answer } = await paidTrialSession(ctx, request.query.session_id);
        return answer;
      },
    );

    app.post(
      '/api/auth/complete-trial-signup',
      {
        schema: {
          ...schema('Create the account for a paid trial checkout'),
          body: completeTrialSignupBody,
          response: { 201: signUpAnswer, ...errors },
        },
        onRequest: billingOn,
      },
      async (request, reply) => {
        await admitSignUp(ctx, request.body.email, request.ip);
        const { user, session } = await completeTrialSignup(ctx, request.body);
        await adoptSession(ctx, request, reply, session);
        return reply.status(201).send({ message: accountMessages.accountCreated, userId: user.id, user: toCurrentUser(user, ctx.config) });
      },
    );
  };
}
