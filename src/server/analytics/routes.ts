import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { admit } from '../auth/rate-limit';
import { ensureAllowed, optionalUser, requireUser, signedIn } from '../auth/request-user';
import { eventMetrics, trackEventBody } from '../../shared/analytics-events';
import { countEventsPerDay, recordEvent } from './event-log';
import { countDigestsPerDay, countKeyFiguresPerDay } from './key-figures';

/** A busy visit sends a few events a minute; a script sending hundreds is refused. */
const EVENTS_PER_IP = { limit: 120, windowSeconds: 60 };
const MAX_EVENT_BYTES = 4096;

/** The first-party event log (docs/product/analytics.md, Web-analytics events): the web app's track() writes, administrators read. */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;

    app.post(
      '/api/events',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Record a web-analytics event',
          body: trackEventBody,
          response: { 204: z.null(), 400: errorAnswer, 413: errorAnswer, 429: errorAnswer },
        },
        bodyLimit: MAX_EVENT_BYTES,
        onRequest: optionalUser(ctx),
      },
      async (request, reply) => {
        await admit(ctx.rateLimiter, [{ key: `events:ip:${request.ip}`, rules: [EVENTS_PER_IP] }]);
        await recordEvent(db, { ...request.body, userId: request.auth?.user.id ?? null });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/admin/metrics',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Key figures, digests and events per day, last 30 days (administrators only)',
          response: { 200: eventMetrics, 401: errorAnswer, 403: errorAnswer },
        },
        onRequest: [requireUser(ctx), async (request) => ensureAllowed(ctx, signedIn(request), 'viewAdmin')],
      },
      async () => {
        const [events, keyFigures, digests] = await Promise.all([countEventsPerDay(db), countKeyFiguresPerDay(db), countDigestsPerDay(db)]);
        return { ...events, keyFigures, digests };
      },
    );
  };
}
