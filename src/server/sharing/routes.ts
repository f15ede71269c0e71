import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { ensureAllowed, requireUser, signedIn } from '../auth/request-user';
import { idParams } from '../../shared/links-schemas';
import { createShareBody, sharedLinkItem, sharingOverview, takedownBody } from '../../shared/sharing';
import { sharingOverview as overviewOf } from './overview';
import { takeDown } from './removals';
import { revokeSharedLink, shareLink } from './shared-links';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer };

/** The owner's side of sharing (Settings → Sharing, a link's "Share") and the administrator's takedown. */
export function sharingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    const schema = (summary: string) => ({ tags: ['sharing'], summary });
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/api/sharing',
      { schema: { ...schema('Public categories with their figures, and shared links'), response: { 200: sharingOverview, ...errors } } },
      async (request) => overviewOf(ctx, signedIn(request).user.id),
    );

    app.post(
      '/api/shared-links',
      {
        schema: {
          ...schema('Share a saved link with a readable copy: a new /s/<token> address, shown once'),
          body: createShareBody,
          response: { 201: sharedLinkItem, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await shareLink(ctx, signedIn(request).user.id, request.body.linkId)),
    );

    app.delete(
      '/api/shared-links/:id',
      {
        schema: {
          ...schema('Revoke a shared link: its address answers 404 at once'),
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeSharedLink(db, signedIn(request).user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/admin/takedowns',
      {
        schema: {
          ...schema('Administrators: take down a public page or shared link by its address; its owner is mailed why'),
          body: takedownBody,
          response: { 200: z.object({ removed: z.enum(['page', 'sharedLink']) }), ...errors },
        },
      },
      async (request) => {
        ensureAllowed(ctx, signedIn(request), 'viewAdmin');
        return takeDown(ctx, request.body.url, request.body.reason);
      },
    );
  };
}
