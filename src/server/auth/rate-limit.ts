import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { accountMessages } from '../../shared/validation-messages';
import { postgresRateLimiter } from './rate-limit-postgres';
import { redisRateLimiter } from './rate-limit-redis';
import type { RateLimiter, RateLimitRule } from './rate-limiter';

/**
 * Redis when REDIS_URL is set, else the app's PostgreSQL pool. The embedded database is reached
 * through that same pool (db/embedded.ts serves PGlite to `pg`), so a single-process install keeps
 * its counts in a table too, and they outlive a restart.
 */
export async function createRateLimiter(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  database: Pick<Database, 'pool'>,
  log: FastifyBaseLogger,
): Promise<RateLimiter> {
  return config.redisUrl ? redisRateLimiter(config.redisUrl, config.redisKeyPrefix, log) : postgresRateLimiter(database.pool);
}

export interface LimitedKey {
  key: string;
  rules: RateLimitRule[];
}

/**
 * Counts one attempt under every key, or none: when any key is over its limit, the others are
 * released and the request is answered 429 with Retry-After. Returns what undoes the count.
 */
export async function admit(limiter: RateLimiter, keys: LimitedKey[]): Promise<{ release(): Promise<void> }> {
  const admissions = await Promise.all(keys.map(({ key, rules }) => limiter.attempt(key, rules)));
  const releaseAll = async () => {
    await Promise.all(admissions.map((admission) => (admission.allowed ? admission.release() : undefined)));
  };
  const waits = admissions.flatMap((admission) => (admission.allowed ? [] : [admission.retryAfterSeconds]));
  if (waits.length > 0) {
    await releaseAll();
    throw tooManyAttempts(Math.max(...waits));
  }
  return { release: releaseAll };
}

function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const error = new HttpError(429, 'RATE_LIMITED', accountMessages.tooManyAttempts);
  error.headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return error;
}
