import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerApiDocs } from './http/api-docs';
import { registerErrorHandling } from './http/errors';
import { registerOriginCheck } from './http/origin-check';
import { registerRequestActivity } from './http/request-activity';
import { OneLinePerRequest } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { healthRoutes } from './health/routes';
import { apiTokenRoutes } from './api-tokens/routes';
import { extensionPairingRoutes } from './extension-pairing/routes';
import { registerRequestAuth } from './auth/request-user';
import type { AuthHooks } from './auth/auth-hooks';
import { authRoutes } from './auth/routes';
import { pendingConnectionRoutes } from './sign-in-providers/pending-connection';
import { signInProviderRoutes } from './sign-in-providers/routes';
import { registerSessionCookies } from './auth/session-http';
import { mailFeedbackRoutes } from './mail/feedback-routes';
import { inboundMailRoutes } from './inbound-mail/routes';
import { inboundWebhookRoutes } from './inbound-mail/webhook-routes';
import { mailboxRoutes } from './mail/mailbox-routes';
import { testEmailRoutes } from './mail/test-email-routes';
import { digestRoutes } from './digests/routes';
import { digestPublicRoutes } from './digests/public-routes';
import { readerLinkRoutes } from './digests/reader-link-routes';
import { userRoutes } from './users/routes';
import { emailChangeAuthHooks } from './users/email-change';
import { emailChangeRoutes } from './users/email-change-routes';
import { invitationAuthHooks } from './invitations/redeem';
import { billingAuthHooks } from './billing/checkout';
import { linkRoutes } from './links/routes';
import { linkSaveRoute } from './links/save-route';
import { categoryRoutes } from './categories/routes';
import { highlightRoutes } from './highlights/routes';
import { importRoutes } from './imports/routes';
import { exportRoutes } from './exports/routes';
import { billingRoutes } from './billing/routes';
import { invitationRoutes } from './invitations/routes';
import { releaseRoutes } from './releases/routes';
import { analyticsRoutes } from './analytics/routes';
import { redditRoutes } from './analytics/reddit-routes';
import { publicSiteRoutes } from './public-site/routes';
import { registerMetrics } from './metrics/routes';
import { publicSharingRoutes } from './sharing/public-routes';
import { sharingRoutes } from './sharing/routes';
import { subscriberRoutes } from './sharing/subscriber-routes';

/** The rooms' parts in sign-up, sign-in and the verification link, in this order (auth/auth-hooks.ts). */
const authHooks: AuthHooks[] = [invitationAuthHooks, billingAuthHooks, emailChangeAuthHooks];

/**
 * How long a client may take: a connection silent for `idleMs` is closed, and a request must have
 * arrived whole within `requestMs` (a 50 MB import on a slow line included), so a body that never
 * finishes cannot hold a connection forever.
 */
const HTTP_TIMEOUTS = { idleMs: 30_000, requestMs: 120_000 };

/**
 * A request body's default limit (docs/product/errors-and-limits.md, API errors): the largest a JSON route needs is a release's
 * 5,000-character description; 64 KB of the worst JSON (nested arrays) parses in tens of ms. Routes
 * that take more say so: uploads (imports), webhooks.
 */
const BODY_LIMIT = 64 * 1024;

/** Builds the HTTP app around a running context. main.ts and the tests both call this. */
export async function buildApp(ctx: AppContext, timeouts = HTTP_TIMEOUTS): Promise<FastifyInstance> {
  const app = Fastify({
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    loggerInstance: ctx.log,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-* is believed only from a proxy on this machine.
    trustProxy: 'loopback',
    return503OnClosing: false,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only: a cross-site form can send text/plain without a preflight, so no route accepts it (415).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestActivity(app, ctx.requestActivity);

  registerErrorHandling(app);
  registerSecurityHeaders(app, ctx.config.appUrl, { redditPixel: Boolean(ctx.config.reddit.pixelId) });
  await registerApiDocs(app, ctx.config.version);
  registerOriginCheck(app, ctx.config.appUrl);
  await registerSessionCookies(app, ctx.config);
  registerRequestAuth(app);
  await registerMetrics(app, ctx);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx, authHooks));
  await app.register(signInProviderRoutes(ctx));
  await app.register(pendingConnectionRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(emailChangeRoutes(ctx));
  await app.register(apiTokenRoutes(ctx));
  await app.register(extensionPairingRoutes(ctx));
  await app.register(linkRoutes(ctx));
  await app.register(linkSaveRoute(ctx));
  await app.register(categoryRoutes(ctx));
  await app.register(highlightRoutes(ctx));
  await app.register(importRoutes(ctx));
  await app.register(exportRoutes(ctx));
  await app.register(billingRoutes(ctx));
  await app.register(invitationRoutes(ctx));
  await app.register(releaseRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
  await app.register(redditRoutes(ctx));
  await app.register(publicSiteRoutes(ctx));
  await app.register(digestRoutes(ctx));
  await app.register(digestPublicRoutes(ctx));
  await app.register(readerLinkRoutes(ctx));
  await app.register(testEmailRoutes(ctx));
  await app.register(mailboxRoutes(ctx));
  await app.register(mailFeedbackRoutes(ctx));
  await app.register(inboundMailRoutes(ctx));
  await app.register(inboundWebhookRoutes(ctx));
  await app.register(sharingRoutes(ctx));
  await app.register(publicSharingRoutes(ctx));
  await app.register(subscriberRoutes(ctx));

  await registerStaticFiles(app, ctx.config.billing);
  return app;
}
