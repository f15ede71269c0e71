import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { highlights, links } from '../db/schema';
import { toSearchQuery } from '../links/search-query';
import type { HighlightsPage, HighlightsQuery } from '../../shared/highlight-schemas';
import { highlightColumns, toHighlight } from './service';

/**
 * Every highlight of the user, newest first, with its link, maybe only those of links in one category; a search (the same words rule as My
 * Stash's, links/search-query.ts) finds its matches through the GIN index on the highlight's own
 * vector (passage A, note B), so its cost follows the number of matches, never the user's total.
 */
export async function findHighlightsPage(db: Db, userId: string, query: HighlightsQuery): Promise<HighlightsPage> {
  const { page, limit } = query;
  const search = query.q ? toSearchQuery(query.q) : undefined;
  const filters: SQL[] = [eq(highlights.userId, userId)];
  if (search) filters.push(sql`${highlights.searchVector} @@ to_tsquery('simple', ${search})`);
  if (query.category) filters.push(sql`${links.categories} @> ${JSON.stringify([query.category])}::jsonb`);
  const where = and(...filters);
  const ownLinks = and(eq(links.id, highlights.linkId), eq(links.userId, userId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...highlightColumns, link: { id: links.id, title: links.title, url: links.url, siteName: links.siteName } })
      .from(highlights)
      .innerJoin(links, ownLinks)
      .where(where)
      .orderBy(desc(highlights.createdAt), desc(highlights.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(highlights).innerJoin(links, ownLinks).where(where),
  ]);
  const totalPages = Math.ceil(total / limit);
  return {
    highlights: rows.map(({ link, ...row }) => ({ ...toHighlight(row), link })),
    pagination: { page, limit, total, totalPages, hasPrev: page > 1, hasNext: page < totalPages },
  };
}
