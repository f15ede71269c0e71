import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import {
  redirectAnswer,
  testCheckoutAnswer,
  testCheckoutCancelBody,
  testCheckoutPayBody,
  testCheckoutQuery,
} from '../../shared/billing-schemas';
import { cancelTestCheckout, describeTestCheckout, payTestCheckout } from './local-checkout';

const errors = { 400: errorAnswer, 404: errorAnswer };

/**
 * The local test checkout's calls (BILLING=local only). Like Stripe's payment page, whoever holds
 * the session's URL may pay or cancel it: the token in it is the proof.
 */
export function testCheckoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = (summary: string) => ({ tags: ['billing'], summary: `Test checkout: ${summary}` });

    app.get(
      '/api/billing/test-checkout',
      { schema: { ...schema('what is being bought'), querystring: testCheckoutQuery, response: { 200: testCheckoutAnswer, ...errors } } },
      async (request) => describeTestCheckout(ctx, request.query.session),
    );

    app.post(
      '/api/billing/test-checkout/pay',
      { schema: { ...schema('pay (nothing is charged)'), body: testCheckoutPayBody, response: { 200: redirectAnswer, ...errors } } },
      async (request) => {
        const { session, ...buyer } = request.body;
        return { redirectUrl: await payTestCheckout(ctx, session, buyer) };
      },
    );

    app.post(
      '/api/billing/test-checkout/cancel',
      { schema: { ...schema('cancel'), body: testCheckoutCancelBody, response: { 200: redirectAnswer, ...errors } } },
      async (request) => ({ redirectUrl: await cancelTestCheckout(ctx, request.body.session) }),
    );
  };
}
