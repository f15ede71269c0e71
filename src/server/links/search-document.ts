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

/**
 * The signed-in user's links (`where`) whose words match the tsquery, with their rank: those with a
 * stored vector through its GIN index, then those still without one, found by
 * links_search_pending_idx with their document computed. Two arms of a UNION ALL rather than one OR,
 * so that each keeps its index: the OR halved search's speed on 100,000 links (bench/search.mjs).
 */
export function ownMatches(where: SQL | undefined, query: SQL): SQL {
  const rank = (vector: SQL) => sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${vector}, ${query})`;
  return sql`
    select ${links.id}, ${links.createdAt}, ${rank(sql`${links.searchVector}`)} as rank
    from ${links} where ${where} and ${links.searchVector} @@ ${query}
    union all
    select ${links.id}, ${links.createdAt}, ${rank(linkSearchDocument)} as rank
    from ${links} where ${where} and ${links.searchVector} is null and ${linkSearchDocument} @@ ${query}`;
}
