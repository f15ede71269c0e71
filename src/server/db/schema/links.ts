import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

export const links = pgTable(
  'links',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** Scheme, host case, trailing slash and tracking parameters removed: finds duplicates. */
    normalizedUrl: text().notNull(),
    title: text(),
    description: text(),
    notes: text(),
    category: text().notNull().default('Uncategorized'),
    categories: jsonb().$type<string[]>().notNull().default([]),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    includeInNewsletter: boolean().notNull().default(true),
    /** Read state: set when opened from a digest or marked read; null is unread. */
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('links_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('links_user_normalized_url_idx').on(t.userId, t.normalizedUrl),
  ],
);
