import { boolean, customType, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What My Stash's search looks in: title, notes, categories, and the URL with its punctuation
 * turned into spaces, so "nytimes" finds https://www.nytimes.com/…. The 'simple' configuration:
 * no language's stemming, every word kept as written (lower-cased).
 */
const searchDocument = sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(notes, '') || ' ' || categories::text || ' ' || regexp_replace(url, '[^[:alnum:]]+', ' ', 'g'))`;

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
    /** Last shown in a digest's "From your stash": a link comes back there at most once every 60 days. */
    resurfacedAt: timestamp({ withTimezone: true }),
    /** Snoozed from a digest: it comes back in the next digest's "From your stash". */
    snoozedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Kept by PostgreSQL from the columns above; never selected into answers. */
    searchVector: tsvector().generatedAlwaysAs(searchDocument),
  },
  (t) => [
    // The id breaks ties between links saved in the same instant, so pages never overlap. NULLS FIRST
    // is what a plain ORDER BY … DESC means, so desc() in a query can walk this index.
    index('links_user_created_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('links_user_normalized_url_idx').on(t.userId, t.normalizedUrl),
    index('links_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * Links waiting for their page's title (links/title-fetch): a row is written with the link in the
 * same statement, claimed by the worker with a lease (due_at moves on) and deleted once done.
 */
export const titleFetches = pgTable(
  'title_fetches',
  {
    linkId: uuid()
      .primaryKey()
      .references(() => links.id, { onDelete: 'cascade' }),
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tries: smallint().notNull().default(0),
  },
  (t) => [index('title_fetches_due_idx').on(t.dueAt)],
);
