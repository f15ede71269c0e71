import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { ensureAllowed, loadAccount, requireUser, signedIn } from '../auth/request-user';
import { messageAnswer } from '../../shared/auth-schemas';
import { pendingConnectionAnswer, signInProviderMessages } from '../../shared/sign-in-providers';
import { connectIdentity } from './accounts';
import { clearPendingConnection, readPendingConnection, type PendingConnection } from './flow-cookies';

const errors = { 401: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer };

/**
 * A provider sign-in that found an account with a password, after its owner logged in with that
 * password: the question "Connect … to Stash?" and its two answers. Nothing is connected until
 * Connect is pressed (a POST, origin-checked like every change), and only to the account of the
 * very address the provider verified.
 */
export function pendingConnectionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = (summary: string) => ({ tags: ['auth'], summary });
    const url = '/api/auth/pending-connection';

    app.get(
      url,
      {
        schema: {
          ...schema('The provider account waiting to be connected to the signed-in account, if any'),
          response: { 200: pendingConnectionAnswer, ...errors },
        },
        onRequest: requireUser(ctx),
      },
      async (request) => {
        const pending = pendingFor(ctx, request);
        if (!pending) return { pending: null };
        return {
          pending: { provider: pending.provider, providerName: providerName(ctx, pending), name: pending.name, email: pending.email },
        };
      },
    );

    app.post(
      url,
      {
        schema: { ...schema('Connect the provider account waiting in this browser'), response: { 200: messageAnswer, ...errors } },
        onRequest: requireUser(ctx),
      },
      async (request, reply) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'manageSignInMethods');
        const pending = pendingFor(ctx, request);
        clearPendingConnection(reply, ctx.config);
        if (!pending) throw new HttpError(404, 'NO_PENDING_CONNECTION', signInProviderMessages.noPendingConnection);
        const result = await connectIdentity(ctx, await loadAccount(ctx, auth), pending);
        if (result === 'alreadyConnected')
          throw new HttpError(409, 'ALREADY_CONNECTED', signInProviderMessages.alreadyConnected(providerName(ctx, pending)));
        return { message: signInProviderMessages.connected(providerName(ctx, pending)) };
      },
    );

    app.delete(
      url,
      {
        schema: { ...schema('Not now: forget the provider account waiting in this browser'), response: { 200: messageAnswer, ...errors } },
        onRequest: requireUser(ctx),
      },
      async (_request, reply: FastifyReply) => {
        clearPendingConnection(reply, ctx.config);
        return { message: signInProviderMessages.notConnectedNow };
      },
    );
  };
}

/** The pending provider account, when it is for the signed-in account's own address and its provider is still offered. */
function pendingFor(ctx: AppContext, request: FastifyRequest): PendingConnection | null {
  const pending = readPendingConnection(request);
  const auth = signedIn(request);
  if (!pending || pending.email !== auth.user.email.toLowerCase()) return null;
  return ctx.config.signInProviders.some((provider) => provider.id === pending.provider) ? pending : null;
}

function providerName(ctx: AppContext, pending: PendingConnection): string {
  return ctx.config.signInProviders.find((provider) => provider.id === pending.provider)?.name ?? pending.provider;
}
