import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import type { Admission, RateLimiter, RateLimitRule } from './rate-limiter';

/**
 * The limiter on the rate_limit_hits log. Each attempt takes a transaction-scoped advisory lock on
 * its key, so concurrent attempts on one key are counted one after another and none slips past
 * the limit; times are the database's, the same for every instance.
 */
export function postgresRateLimiter(db: Db): RateLimiter {
  return {
    async attempt(key, rules) {
      const longest = Math.max(...rules.map((rule) => rule.windowSeconds));
      const largest = Math.max(...rules.map((rule) => rule.limit));
      return db.transaction(async (tx): Promise<Admission> => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        await tx
          .delete(rateLimitHits)
          .where(sql`${rateLimitHits.key} = ${key} and ${rateLimitHits.at} <= now() - make_interval(secs => ${longest})`);
        // How long ago each recent attempt was, newest first: all the rules need.
        const recent = await tx.execute<{ age: number }>(sql`
          select extract(epoch from now() - ${rateLimitHits.at})::float8 as age
          from ${rateLimitHits} where ${rateLimitHits.key} = ${key}
          order by ${rateLimitHits.at} desc limit ${largest}`);
        const wait = secondsUntilRoom(
          recent.rows.map((row) => Number(row.age)),
          rules,
        );
        if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
        const [hit] = await tx.insert(rateLimitHits).values({ key }).returning({ id: rateLimitHits.id });
        return {
          allowed: true,
          release: async () => {
            await db.delete(rateLimitHits).where(eq(rateLimitHits.id, hit.id));
          },
        };
      });
    },
    async clear(key) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },
    close: async () => {},
  };
}

/**
 * A rule is full when its limit-th newest attempt is still inside its window; there is room again
 * once that attempt leaves the window. `ages` are in seconds, newest first.
 */
export function secondsUntilRoom(ages: number[], rules: RateLimitRule[]): number {
  let wait = 0;
  for (const { limit, windowSeconds } of rules) {
    const age = ages[limit - 1];
    if (age !== undefined && age < windowSeconds) wait = Math.max(wait, windowSeconds - age);
  }
  return wait;
}
