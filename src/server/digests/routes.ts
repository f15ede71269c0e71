import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCurrentUser } from '../auth/current-user';
import { loadAccount, requireUser, signedIn } from '../auth/request-user';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { currentUser } from '../../shared/auth-schemas';
import { digestPreviewAnswer, digestSendAnswer } from '../../shared/digest-schemas';
import { digestSettingsBody } from '../../shared/digest-settings';
import { previewDigest } from './preview';
import { sendDigestNow } from './send-now';
import { updateDigestSettings } from './settings';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer };

/** The signed-in user's digest: Settings → Newsletter, its preview, and "send digest now". */
export function digestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.put(
      '/api/user/settings',
      {
        schema: {
          tags: ['digests'],
          summary: 'Digest schedule, time zone and read tracking',
          body: digestSettingsBody,
          response: { 200: currentUser, ...errors },
        },
      },
      async (request) => toCurrentUser(await updateDigestSettings(ctx, signedIn(request), request.body), ctx.config),
    );

    app.get(
      '/api/digest/preview',
      {
        schema: {
          tags: ['digests'],
          summary: 'The next digest as it would be sent, and when',
          response: { 200: digestPreviewAnswer, ...errors },
        },
      },
      async (request) => previewDigest(ctx, await loadAccount(ctx, signedIn(request))),
    );

    app.post(
      '/api/send-digest-now',
      {
        schema: {
          tags: ['digests'],
          summary: 'Send a digest now (pro and trial, once every 5 minutes)',
          response: { 200: digestSendAnswer, ...errors },
        },
      },
      async (request) => sendDigestNow(ctx, signedIn(request)),
    );
  };
}
