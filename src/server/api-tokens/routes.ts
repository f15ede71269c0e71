import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { ensureAllowed, requireUser, signedIn } from '../auth/request-user';
import { apiTokenList, createdApiToken, createTokenBody } from '../../shared/auth-schemas';
import { createApiToken, listApiTokens, revokeAllApiTokens, revokeApiToken } from './service';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** Settings → Security: the API tokens of the signed-in user. Managed only from a browser session. */
export function apiTokenRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    app.addHook('onRequest', requireUser(ctx));
    app.addHook('onRequest', async (request) => ensureAllowed(ctx, signedIn(request), 'manageTokens'));

    app.get(
      '/api/tokens',
      {
        schema: { tags: ['tokens'], summary: 'List API tokens (never the tokens themselves)', response: { 200: apiTokenList, ...errors } },
      },
      async (request) => listApiTokens(db, signedIn(request).user.id),
    );

    app.post(
      '/api/tokens',
      {
        schema: {
          tags: ['tokens'],
          summary: 'Create an API token, shown this once',
          body: createTokenBody,
          response: { 201: createdApiToken, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await createApiToken(db, signedIn(request).user.id, request.body.name)),
    );

    app.delete(
      '/api/tokens',
      { schema: { tags: ['tokens'], summary: 'Revoke every API token and connected extension', response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await revokeAllApiTokens(db, signedIn(request).user.id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/api/tokens/:id',
      {
        schema: {
          tags: ['tokens'],
          summary: 'Revoke an API token',
          params: z.object({ id: z.string() }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeApiToken(db, signedIn(request).user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
