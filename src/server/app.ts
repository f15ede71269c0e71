import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerApiDocs } from './http/api-docs';
import { registerErrorHandling } from './http/errors';
import { registerOriginCheck } from './http/origin-check';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { healthRoutes } from './health/routes';
import { apiTokenRoutes } from './api-tokens/routes';
import { registerRequestAuth } from './auth/request-user';
import { authRoutes } from './auth/routes';
import { registerSessionCookies } from './auth/session-http';
import { mailboxRoutes } from './mail/mailbox-routes';
import { userRoutes } from './users/routes';

/** Builds the HTTP app around a running context. main.ts and the tests both call this. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    // X-Forwarded-* is believed only from a proxy on this machine.
    trustProxy: 'loopback',
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only: a cross-site form can send text/plain without a preflight, so no route accepts it (415).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, ctx.config.appUrl);
  await registerApiDocs(app, ctx.config.version);
  registerOriginCheck(app, ctx.config.appUrl);
  await registerSessionCookies(app, ctx.config);
  registerRequestAuth(app);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(apiTokenRoutes(ctx));
  await app.register(mailboxRoutes(ctx));

  await registerStaticFiles(app);
  return app;
}
