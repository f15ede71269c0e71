import type pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { libraryRateLimiter, type RateLimiter } from './rate-limiter';

/** The library's table (key, points, expire in epoch ms): db/schema/rate-limits.ts, made by a migration. */
const TABLE = 'rate_limits';

/**
 * Counters in PostgreSQL: one upsert per rule, atomic on the key's row, so concurrent attempts are
 * counted exactly. Windows end by this process's clock (the library stores them in epoch ms).
 */
export async function postgresRateLimiter(pool: pg.Pool): Promise<RateLimiter> {
  return libraryRateLimiter(
    {
      counter: (keyPrefix, rule) =>
        new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: TABLE,
          tableCreated: true,
          // The hourly auth.sweep removes ended windows (sweep below) rather than a timer in every counter.
          clearExpiredByTimeout: false,
          keyPrefix,
          points: rule.limit,
          duration: rule.windowSeconds,
        }),
      async sweep() {
        const removed = await pool.query(`delete from ${TABLE} where expire < $1`, [Date.now()]);
        return removed.rowCount ?? 0;
      },
      close: async () => {},
    },
    '',
  );
}
