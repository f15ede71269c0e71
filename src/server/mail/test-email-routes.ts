import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdmin } from '../auth/current-user';
import { ensureVerifiedAddress } from '../auth/email-verification';
import { admit } from '../auth/rate-limit';
import { requireUser, signedIn } from '../auth/request-user';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { digestMessages, testEmailAnswer, testEmailBody } from '../../shared/digest-schemas';
import { sendMail } from './outbox';

/** A few tests an hour are plenty for a person; the limit keeps the form from being a mail cannon. */
const TEST_EMAIL_LIMIT = { limit: 5, windowSeconds: 3600 };

/**
 * /email-test's call: a test e-mail to the signed-in user's own address, or to any address for an
 * administrator (docs/product/admin.md, Test e-mail). Never an open relay.
 */
export function testEmailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/test/email',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['account'],
          summary: 'Send a test e-mail to your own address',
          body: testEmailBody,
          response: { 200: testEmailAnswer, 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 429: errorAnswer },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        const { email } = request.body;
        ensureVerifiedAddress(user);
        if (email !== user.email.toLowerCase() && !isAdmin(user, ctx.config))
          throw new HttpError(403, 'FORBIDDEN', digestMessages.testOwnAddressOnly);
        await admit(ctx.rateLimiter, [{ key: `test-email:${user.id}`, rules: [TEST_EMAIL_LIMIT] }]);
        await sendMail(ctx, { userId: user.id, to: email, template: 'test', props: { appUrl: ctx.config.appUrl } });
        return { success: true, message: digestMessages.testSent(email) };
      },
    );
  };
}
