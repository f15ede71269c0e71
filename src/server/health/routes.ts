import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';

const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  version: z.string(),
});

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Is the server up, and can it reach its database?',
          response: { 200: healthAnswer, 503: healthAnswer },
        },
      },
      async (_request, reply) => {
        const dbUp = await ctx.database.db
          .execute(sql`select 1`)
          .then(() => true)
          .catch(() => false);
        const answer = { status: dbUp ? 'ok' : 'degraded', db: dbUp ? 'up' : 'down', version: ctx.config.version } as const;
        return reply.status(dbUp ? 200 : 503).send(answer);
      },
    );
  };
}
