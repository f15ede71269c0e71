import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { errorAnswer, HttpError } from '../http/errors';
import { ensureAllowed, requireUser, signedIn } from '../auth/request-user';
import { permissionUser } from '../auth/current-user';
import { categories, users } from '../db/schema';
import { protectCell } from '../exports/columns';
import { idParams } from '../../shared/links-schemas';
import { can } from '../../shared/permissions';
import {
  createShareBody,
  sharedLinkItem,
  sharingMessages,
  sharingOverview,
  subscriberDigestSchedule,
  takedownBody,
} from '../../shared/sharing';
import { sharingOverview as overviewOf } from './overview';
import { takeDown } from './removals';
import { revokeSharedLink, shareLink } from './shared-links';
import { subscriberList } from './subscribers';

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

    app.put(
      '/api/sharing/digest-schedule',
      {
        schema: {
          ...schema("The weekday and hour, in the owner's zone, of every published category's weekly digest to its subscribers"),
          body: subscriberDigestSchedule,
          response: { 200: subscriberDigestSchedule, ...errors },
        },
      },
      async (request) => {
        const userId = signedIn(request).user.id;
        const { day, hour } = request.body;
        await db.transaction(async (tx) => {
          await tx.update(users).set({ subscriberDigestDay: day, subscriberDigestHour: hour }).where(eq(users.id, userId));
          // The sweep schedules them again, on the new day.
          await tx.update(categories).set({ subscriberDigestNextAt: null }).where(eq(categories.userId, userId));
        });
        return { day, hour };
      },
    );

    app.get(
      '/api/sharing/categories/:id/subscribers.csv',
      {
        schema: {
          ...schema("Pro: a category's confirmed subscribers (address, confirmed at) as CSV"),
          params: idParams,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV'), ...errors },
        },
      },
      async (request, reply) => {
        const auth = signedIn(request);
        if (!can(permissionUser(auth.user, ctx.config), 'exportSubscribers', { auth: auth.kind, billing: ctx.config.billing })) {
          throw new HttpError(403, 'PRO_FEATURE', sharingMessages.exportIsPro);
        }
        const list = await subscriberList(ctx, auth.user.id, request.params.id);
        if (!list) throw new HttpError(404, 'NOT_FOUND', sharingMessages.categoryNotFound);
        const csv = stringify(
          list.rows.map((row) => [protectCell(row.email), row.confirmedAt.toISOString()]),
          { header: true, columns: ['email', 'confirmed_at'], record_delimiter: 'windows' },
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="subscribers-${list.slug}.csv"`)
          .send(csv);
      },
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
