import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { ensureAllowed, loadAccount, requireUser, signedIn } from '../auth/request-user';
import { invitationsAnswer, sendInvitationBody, sentInvitation } from '../../shared/invitation-schemas';
import { listInvitations, sendInvitation } from './service';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 429: errorAnswer };

/**
 * Settings → Invitations. A code is redeemed by registering with it (POST /api/auth/register,
 * invitationCode); the sender's free month follows the friend's e-mail verification.
 */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/api/invitations',
      {
        schema: {
          tags: ['invitations'],
          summary: 'Invitations left, sent, and months earned',
          response: { 200: invitationsAnswer, ...errors },
        },
      },
      async (request) => listInvitations(ctx, await loadAccount(ctx, signedIn(request))),
    );

    app.post(
      '/api/invitations',
      {
        schema: {
          tags: ['invitations'],
          summary: 'E-mail a friend an invitation code (not with an API token); 200 when the address already had one, sent again',
          body: sendInvitationBody,
          response: { 200: sentInvitation, 201: sentInvitation, ...errors },
        },
      },
      async (request, reply) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'inviteFriends');
        const { invitation: sent, resent } = await sendInvitation(ctx, await loadAccount(ctx, auth), request.body.email);
        return reply.status(resent ? 200 : 201).send({ ...sent, resent });
      },
    );
  };
}
