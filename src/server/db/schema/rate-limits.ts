import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * rate-limiter-flexible's counters (auth/rate-limit-postgres.ts), in the shape its PostgreSQL store
 * reads: one row per key and window, `expire` in epoch milliseconds. Made by a migration rather
 * than by the library at start-up, where two processes starting together could both try to create it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar({ length: 255 }).primaryKey(),
  points: integer().notNull().default(0),
  expire: bigint({ mode: 'number' }),
});
