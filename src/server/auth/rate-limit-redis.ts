import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { libraryRateLimiter, type RateLimiter } from './rate-limiter';

/**
 * Counters in Redis: one key per rule and key, counted by the library's Lua script, which runs
 * atomically on Redis's clock, so instances sharing the server share exact counts. Keys expire
 * with their window. `keyPrefix` (REDIS_KEY_PREFIX) keeps installs sharing one server apart.
 * The client library is loaded here, not at start-up: an install without REDIS_URL never holds it in memory.
 */
export async function redisRateLimiter(url: string, keyPrefix: string, log: FastifyBaseLogger): Promise<RateLimiter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // The client reconnects by itself; an 'error' event with no listener would end the process.
  redis.on('error', (err) => log.warn({ err }, 'rate-limit store (Redis) error'));
  return libraryRateLimiter(
    {
      counter: (prefix, rule) =>
        new RateLimiterRedis({ storeClient: redis, keyPrefix: prefix, points: rule.limit, duration: rule.windowSeconds }),
      sweep: async () => 0,
      close: async () => {
        await redis.quit();
      },
    },
    keyPrefix,
  );
}
