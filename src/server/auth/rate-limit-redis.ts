import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Admission, RateLimiter } from './rate-limiter';

/**
 * One sorted set per key (member: an attempt id, score: its time in ms). The script runs
 * atomically in Redis, on Redis's clock, so instances sharing the server share exact counts.
 * KEYS[1] the set; ARGV[1] the attempt id, ARGV[2] the longest window (ms), then limit/window pairs.
 * Answers 0 when the attempt was counted, else the milliseconds until there is room.
 */
const attemptScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
local wait = 0
for i = 3, #ARGV, 2 do
  local limit, window = tonumber(ARGV[i]), tonumber(ARGV[i + 1])
  local nth = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '(' .. (now - window), 'WITHSCORES', 'LIMIT', limit - 1, 1)
  if #nth > 0 then wait = math.max(wait, tonumber(nth[2]) + window - now) end
end
if wait > 0 then return wait end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
`;

const KEY_PREFIX = 'stash:rate:';

/** The client library is loaded here, not at start-up: an install without REDIS_URL never holds it in memory. */
export async function redisRateLimiter(url: string, log: FastifyBaseLogger): Promise<RateLimiter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // The client reconnects by itself; an 'error' event with no listener would end the process.
  redis.on('error', (err) => log.warn({ err }, 'rate-limit store (Redis) error'));
  return {
    async attempt(key, rules): Promise<Admission> {
      const redisKey = KEY_PREFIX + key;
      const id = randomUUID();
      const longestMs = Math.max(...rules.map((rule) => rule.windowSeconds)) * 1000;
      const ruleArgs = rules.flatMap((rule) => [rule.limit, rule.windowSeconds * 1000]);
      const waitMs = Number(await redis.eval(attemptScript, 1, redisKey, id, longestMs, ...ruleArgs));
      if (waitMs > 0) return { allowed: false, retryAfterSeconds: waitMs / 1000 };
      return {
        allowed: true,
        release: async () => {
          await redis.zrem(redisKey, id);
        },
      };
    },
    async clear(key) {
      await redis.del(KEY_PREFIX + key);
    },
    close: async () => {
      await redis.quit();
    },
  };
}
