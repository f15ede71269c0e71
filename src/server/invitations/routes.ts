import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { ensureAllowed, loadAccount, requireUser, signedIn } from '../auth/request-user';
import { invitation, invitationsAnswer, sendInvitationBody } from '../../shared/invitation-schemas';
import { listInvitations, sendInvitation } from './service';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer };

/**
 * Settings → Invitations. A code is redeemed by registering with it (POST /api/auth/register,
 * invitationCode); the sender's free month follows the friend's e-mail verification.
 */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/api/invitations',
      { schema: { tags: ['invitations'], summary: 'Invitations left, sent, and months earned', response: { 200: invitationsAnswer, ...errors } } },
      async (request) => listInvitations(ctx, await loadAccount(ctx, signedIn(request))),
    );

    app.post(
      '/api/invitations',
      {
        schema: { tags: ['invitations'], summary: 'E-mail a friend an invitation code (not with an API token)', body: sendInvitationBody, response: { 201: invitation, ...errors } },
      },
      async (request, reply) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'inviteFriends');
        return reply.status(201).send(await sendInvitation(ctx, await loadAccount(ctx, auth), request.body.email));
      },
    );
  };
}
