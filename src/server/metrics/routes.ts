import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';

/**
 * GET /metrics in the Prometheus text format, only when METRICS_TOKEN is set and only for
 * `Authorization: Bearer <METRICS_TOKEN>`; without the setting the route does not exist. Every
 * answered request is counted by its route pattern (never the raw URL: ids would make a series each).
 */
export async function registerMetrics(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const token = ctx.config.metricsToken;
  if (!token) return;
  // prom-client is loaded only by a server that is asked for metrics.
  const { createMetrics } = await import('./registry');
  const metrics = createMetrics(ctx);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
      throw new HttpError(401, 'UNAUTHORIZED', 'The metrics token is missing or wrong.');
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}

/** Constant time whatever the lengths: both sides are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
