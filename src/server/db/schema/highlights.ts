import { boolean, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { links } from './links';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** What a search looks in: the passage (weight A) and the reader's note on it (B); 'simple' and search_words like links' vector. */
const highlightDocument = sql`setweight(to_tsvector('simple', search_words(exact)), 'A') || setweight(to_tsvector('simple', search_words(coalesce(note, ''))), 'B')`;

/**
 * A passage a reader marked in a link's readable copy, kept as a W3C Web Annotation target: a
 * TextQuoteSelector (exact, prefix, suffix) and a TextPositionSelector (start_offset, end_offset)
 * over the copy's plain text (src/server/highlights/README.md). anchored is false when the passage
 * was not found in the current copy after a refresh; such a highlight is kept, never dropped.
 */
export const highlights = pgTable(
  'highlights',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: uuid()
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    exact: text().notNull(),
    prefix: text().notNull().default(''),
    suffix: text().notNull().default(''),
    startOffset: integer().notNull(),
    endOffset: integer().notNull(),
    color: text().$type<HighlightColor>().notNull().default('yellow'),
    note: text(),
    anchored: boolean().notNull().default(true),
    /** When a digest last showed it as the highlight of the day: not again for 60 days (digests/compose.ts). */
    digestShownAt: timestamp({ withTimezone: true }),
    /** "Don't show this again" from a digest: never the highlight of the day again. */
    digestHidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Kept by PostgreSQL from exact and note; never selected into answers. */
    searchVector: tsvector().generatedAlwaysAs(highlightDocument),
  },
  (t) => [
    // Every highlight of a user newest first; the id breaks ties (as links_user_created_id_idx).
    index('highlights_user_created_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('highlights_link_start_idx').on(t.linkId, t.startOffset),
    index('highlights_search_idx').using('gin', t.searchVector),
  ],
);

export type HighlightColor = 'yellow' | 'green' | 'blue' | 'pink';
