import { sql, type SQL } from 'drizzle-orm';
import { links } from '../db/schema';

/*
 * A link's own search vector (title A, notes B, excerpt, categories and URL C: links_search_document,
 * migration 0028), whether stored yet or not. An imported link is stored without it and the search
 * vectors job fills it in batches after the import has answered (search-vectors-job.ts); until then
 * search computes the document of those few links as it goes, found by links_search_pending_idx, so
 * an imported link is found from the moment its import answers (docs/links-and-pages.md, Search).
 */

/** The link's document as the trigger stores it. */
export const linkSearchDocument = sql`links_search_document(${links.title}, ${links.notes}, ${links.excerpt}, ${links.categories}, ${links.url})`;

/** Whether the link's words match the tsquery: its stored vector's GIN index, or its document computed while it has none. */
export function linkMatches(query: SQL): SQL<boolean> {
  return sql<boolean>`(${links.searchVector} @@ ${query} or (${links.searchVector} is null and ${linkSearchDocument} @@ ${query}))`;
}

/** The link's vector to rank a match by. */
export const linkSearchVector = sql`coalesce(${links.searchVector}, ${linkSearchDocument})`;
