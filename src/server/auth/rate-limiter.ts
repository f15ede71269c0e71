/** The rate limiter's contract, shared by its two stores (rate-limit-postgres.ts, rate-limit-redis.ts) and by rate-limit.ts, which picks one. */

/** At most `limit` counted attempts in any window of `windowSeconds` (a sliding window, not clock hours). */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export type Admission = { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Counters every instance shares: PostgreSQL by default, Redis when REDIS_URL is set. An attempt
 * is counted before the work it guards (so a thousand concurrent guesses cannot all slip under
 * the limit) and released afterwards when it should not count, e.g. a login that succeeded.
 */
export interface RateLimiter {
  attempt(key: string, rules: RateLimitRule[]): Promise<Admission>;
  /** Forgets every attempt counted under the key (a password reset lifts the failed-sign-in limit). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
