import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Someone who asked for a published category's weekly digest by e-mail (docs/sharing.md). Not a
 * user: an address, confirmed by the link of a confirmation mail (double opt-in) before anything
 * else is sent. Unsubscribing (by its link, or a bounce or complaint) keeps the row with the reason.
 */
export const categorySubscribers = pgTable(
  'category_subscribers',
  {
    id: uuid().primaryKey().defaultRandom(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    /** 'link' (its unsubscribe link), 'bounce' or 'complaint'. */
    unsubscribedReason: text(),
  },
  (t) => [uniqueIndex('category_subscribers_address_unique').on(t.categoryId, sql`lower(${t.email})`)],
);

/**
 * The random tokens in a subscriber's links: the confirmation link, and each digest's unsubscribe
 * link (a fresh one a message). Only the SHA-256 is kept.
 */
export const subscriberTokens = pgTable(
  'subscriber_tokens',
  {
    tokenHash: text().primaryKey(),
    subscriberId: uuid()
      .notNull()
      .references(() => categorySubscribers.id, { onDelete: 'cascade' }),
    purpose: text().$type<'confirm' | 'unsubscribe'>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriber_tokens_subscriber_idx').on(t.subscriberId)],
);
