import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { toCurrentUser } from '../auth/current-user';
import { ensureAllowed, requireUser, signedIn } from '../auth/request-user';
import { signOut } from '../auth/session-http';
import { currentUser, deleteAccountBody, messageAnswer, profileBody } from '../../shared/auth-schemas';
import { accountMessages } from '../../shared/validation-messages';
import { deleteAccount } from './deletion';
import { confirmDeletion } from './deletion-confirmation';
import { updateProfile } from './profile';
import { setHandle } from './handle';
import { handleAnswer, handleBody } from '../../shared/sharing';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 409: errorAnswer, 429: errorAnswer, 502: errorAnswer };

/** The signed-in user's own account: profile and deletion (Settings → Profile). */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.put(
      '/api/user/profile',
      {
        schema: {
          tags: ['account'],
          summary: 'Update name and picture, and ask for a new e-mail address (with the current password)',
          body: profileBody,
          response: { 200: currentUser, ...errors },
        },
      },
      async (request) => toCurrentUser(await updateProfile(ctx, signedIn(request), request.body, request.ip), ctx.config),
    );

    app.put(
      '/api/user/handle',
      {
        schema: {
          tags: ['account'],
          summary: 'Choose the public handle of /@<handle>/… pages (docs/sharing.md)',
          body: handleBody,
          response: { 200: handleAnswer, ...errors },
        },
      },
      async (request) => ({ handle: await setHandle(ctx, signedIn(request).user.id, request.body.handle) }),
    );

    app.delete(
      '/api/user',
      {
        schema: {
          tags: ['account'],
          summary:
            'Delete the account and everything in it, confirmed with the password (or the e-mail, without one); not with an API token',
          body: deleteAccountBody,
          response: { 200: messageAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'deleteAccount');
        await confirmDeletion(ctx, auth, request.body, request.ip);
        await deleteAccount(ctx, auth.user.id);
        await signOut(ctx, request, reply);
        return { message: accountMessages.accountDeleted };
      },
    );
  };
}
