import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { ensureAllowed, requireUser, signedIn } from '../auth/request-user';
import { adminRelease, adminReleaseList, createReleaseBody, releaseList } from '../../shared/releases';
import { createRelease, listAllReleases, listPublishedReleases, publishRelease } from './service';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** Release notes: everyone reads the published ones; only administrators write (docs/product/admin.md, Administrators). */
export function releaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    const schema = (summary: string) => ({ tags: ['releases'], summary });
    const adminOnly = [requireUser(ctx), async (request: FastifyRequest) => ensureAllowed(ctx, signedIn(request), 'viewAdmin')];

    app.get('/api/releases', { schema: { ...schema('Published releases, newest first'), response: { 200: releaseList } } }, async () =>
      listPublishedReleases(db),
    );

    app.get(
      '/api/admin/releases',
      {
        schema: { ...schema('Every release, drafts included (administrators only)'), response: { 200: adminReleaseList, ...errors } },
        onRequest: adminOnly,
      },
      async () => listAllReleases(db),
    );

    app.post(
      '/api/admin/releases',
      {
        schema: {
          ...schema('Create a release (administrators only)'),
          body: createReleaseBody,
          response: { 201: adminRelease, ...errors },
        },
        onRequest: adminOnly,
      },
      async (request, reply) => reply.status(201).send(await createRelease(db, request.body)),
    );

    app.post(
      '/api/admin/releases/:id/publish',
      {
        schema: {
          ...schema('Publish a draft, dated now (administrators only)'),
          params: z.object({ id: z.string() }),
          response: { 200: adminRelease, ...errors },
        },
        onRequest: adminOnly,
      },
      async (request) => publishRelease(db, request.params.id),
    );
  };
}
