import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per counted attempt (a failed login, a reset request), by key such as
 * "login:account:<email>": a sliding-window log, so "at most N an hour" holds for every hour,
 * and every instance sees the same counts. src/server/auth/rate-limit.ts reads and writes it.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_at_idx').on(t.key, t.at), index('rate_limit_hits_at_idx').on(t.at)],
);
