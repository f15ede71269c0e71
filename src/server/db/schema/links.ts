import { boolean, customType, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /*
     * Publishing (docs/sharing.md): a public category has a page at /@<handle>/<slug> and feeds.
     * The slug is chosen at the first publishing and kept, so the address stays the same.
     */
    public: boolean().notNull().default(false),
    showNotes: boolean().notNull().default(false),
    allowIndexing: boolean().notNull().default(false),
    description: text(),
    slug: text(),
    publishedAt: timestamp({ withTimezone: true }),
    /** Why the page went away other than by its owner: 'takedown' (an administrator) or 'lapsed' (Pro ended 30 days ago). */
    removedReason: text(),
    removedAt: timestamp({ withTimezone: true }),
    /** The subscribers' weekly digest (sharing/subscriber-digests.ts): when it is next due, null until the sweep schedules it. */
    subscriberDigestNextAt: timestamp({ withTimezone: true }),
    /** Links saved up to this instant were in an earlier digest (or predate the first one's week). */
    subscriberDigestUntil: timestamp({ withTimezone: true }),
    /** When a digest last went out to the subscribers (Settings → Sharing). */
    subscriberDigestSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('categories_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('categories_user_slug_unique').on(t.userId, t.slug),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /*
     * What the link cards show of the page's readable copy (page_copies), copied here when the page
     * is read so that lists need no join. contentStatus: pending, ready, failed or none.
     */
    contentStatus: text().$type<ContentStatus>().notNull().default('none'),
    siteName: text(),
    excerpt: text(),
    readingMinutes: smallint(),
    faviconUrl: text(),
    imageUrl: text(),
    /** How many highlights the link has: kept by highlights/service.ts in the same transaction, so lists need no join. */
    highlightCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When an import brought the link in (createdAt keeps the date the other service saved it); null
     * for a link saved in Stash. The admin figures count imports on this day, and a read state set
     * by the import (readAt no later than this) is not reading done in Stash.
     */
    importedAt: timestamp({ withTimezone: true }),
    /**
     * What My Stash's search looks in (links_search_document, docs/links-and-pages.md, Search), kept by
     * a trigger when a link is saved or its words change; never selected into answers. Null for an
     * imported link until the search vectors job fills it (search-vectors-job.ts): search computes
     * those links' document as it goes (search-document.ts).
     */
    searchVector: tsvector(),
  },
  (t) => [
    // The id breaks ties between links saved in the same instant, so pages never overlap. NULLS FIRST
    // is what a plain ORDER BY … DESC means, so desc() in a query can walk this index.
    index('links_user_created_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('links_user_normalized_url_idx').on(t.userId, t.normalizedUrl),
    index('links_search_idx').using('gin', t.searchVector),
    index('links_search_pending_idx').on(t.userId).where(sql`${t.searchVector} is null`),
  ],
);

/**
 * Links waiting for their page to be read (pages/page-reads.ts: title, then readable copy): a row is
 * written with the link in the same statement, claimed by the worker with a lease (due_at moves
 * on) and deleted once done. Priority 0 for a save, 1 for an import: saves go first.
 */
export const pageReads = pgTable(
  'page_reads',
  {
    linkId: uuid()
      .primaryKey()
      .references(() => links.id, { onDelete: 'cascade' }),
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tries: smallint().notNull().default(0),
    priority: smallint().notNull().default(0),
  },
  (t) => [index('page_reads_priority_due_idx').on(t.priority, t.dueAt.desc())],
);

export type ContentStatus = 'pending' | 'ready' | 'failed' | 'none';
/** article: a readable copy; page: HTML without an article; the rest: not HTML at all. */
export type PageKind = 'article' | 'page' | 'pdf' | 'image' | 'video' | 'audio' | 'other';

/** What the article adds to My Stash's search: the excerpt (weight C) and the text (D), capped below tsvector's 1 MB. */
const articleDocument = sql`setweight(to_tsvector('simple', search_words(coalesce(excerpt, ''))), 'C') || setweight(to_tsvector('simple', search_words(left(coalesce(text, ''), 200000))), 'D')`;

/** The page of a link as read once by the worker: its readable copy, or why there is none. */
export const pageCopies = pgTable(
  'page_copies',
  {
    linkId: uuid()
      .primaryKey()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** The link's owner and saving time, copied so a search finds and orders one user's page matches without reading links. */
    userId: uuid().notNull(),
    linkCreatedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null when the page could not be fetched. */
    kind: text().$type<PageKind>(),
    /** Why there is no copy (a failed fetch, no article found); null when there is one. */
    failure: text(),
    /** Where the page was found, after redirects. */
    url: text().notNull(),
    contentType: text(),
    title: text(),
    byline: text(),
    siteName: text(),
    excerpt: text(),
    lang: text(),
    publishedAt: timestamp({ withTimezone: true }),
    wordCount: integer(),
    readingMinutes: smallint(),
    imageUrl: text(),
    faviconUrl: text(),
    /** Sanitised readable HTML: no scripts, handlers, iframes, forms or styles; images by https only. */
    html: text(),
    text: text(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector().generatedAlwaysAs(articleDocument),
  },
  (t) => [index('page_copies_search_idx').using('gin', t.searchVector)],
);
