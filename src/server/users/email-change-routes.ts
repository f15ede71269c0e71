import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { messageAnswer, undoEmailChangeBody } from '../../shared/auth-schemas';
import { accountMessages } from '../../shared/validation-messages';
import { undoEmailChange } from './email-change';

/** The old address's link after an e-mail change: signed out, the token is the proof. */
export function emailChangeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/undo-email-change',
      {
        schema: {
          tags: ['auth'],
          summary: "Undo an e-mail change from the old address's link",
          body: undoEmailChangeBody,
          response: { 200: messageAnswer, 400: errorAnswer, 409: errorAnswer, 429: errorAnswer },
        },
      },
      async (request) => {
        await undoEmailChange(ctx, request.body.token);
        return { message: accountMessages.emailChangeUndone };
      },
    );
  };
}
