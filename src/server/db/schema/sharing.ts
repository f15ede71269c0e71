import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { categories, links } from './links';

/**
 * One saved link shared by a random address /s/<token> (docs/sharing.md). Only the token's SHA-256
 * is kept; revoking deletes the row, so the address answers 404 at once.
 */
export const sharedLinks = pgTable(
  'shared_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: uuid()
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp({ withTimezone: true }),
    views: integer().notNull().default(0),
  },
  (t) => [index('shared_links_user_idx').on(t.userId)],
);

/** Page views and feed fetches of a public category, a row a day (Settings → Sharing shows the last 30 days). */
export const publicPageStats = pgTable(
  'public_page_stats',
  {
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    pageViews: integer().notNull().default(0),
    feedFetches: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.day] })],
);
