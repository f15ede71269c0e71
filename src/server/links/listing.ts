import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { links, pageCopies } from '../db/schema';
import type { RequestUser } from '../auth/current-user';
import type { HistoryLink, HistoryPage, HistoryQuery, Link, LinkCounts } from '../../shared/links-schemas';
import { tierOf } from '../../shared/permissions';
import { monthlyLinkLimit } from '../../shared/plans';
import { linkColumns, toLink, type LinkRow } from './link-answer';
import { spacelessTerms, toSearchQuery } from './search-query';
import { matchHeadline, matchInHighlights, toMatchHtml } from './search-match';
import { ownMatches } from './search-document';
import { monthlyUsage } from './counters';

/** Reading the signed-in user's links: today's, My Stash's pages, the counts. Every query names the owner. */

/** The most links one "today" answer holds; nobody saves that many by hand in a day. */
const TODAY_LIMIT = 500;

const newestFirst = [desc(links.createdAt), desc(links.id)];

/** Links saved on today's date in the user's own time zone, newest first. */
export async function findTodayLinks(db: Db, user: RequestUser, now = new Date()): Promise<Link[]> {
  const zone = user.timezone;
  const localNow = sql`${now.toISOString()}::timestamptz at time zone ${zone}`;
  // Local midnight to the next local midnight: a day of 23 or 25 hours when the clocks change.
  const dayStart = sql`date_trunc('day', ${localNow}) at time zone ${zone}`;
  const nextDayStart = sql`(date_trunc('day', ${localNow}) + interval '1 day') at time zone ${zone}`;
  const rows = await db
    .select(linkColumns)
    .from(links)
    .where(and(eq(links.userId, user.id), gte(links.createdAt, dayStart), lt(links.createdAt, nextDayStart)))
    .orderBy(...newestFirst)
    .limit(TODAY_LIMIT);
  return rows.map((row) => toLink(row, zone));
}

function historyFilters(query: HistoryQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.category) filters.push(sql`${links.categories} @> ${JSON.stringify([query.category])}::jsonb`);
  if (query.unread === 'true') filters.push(isNull(links.readAt));
  if (query.newsletter === 'true') filters.push(eq(links.includeInNewsletter, true));
  if (query.readable === 'true') filters.push(eq(links.contentStatus, 'ready'));
  return filters;
}

/**
 * One page of My Stash, newest first. The unfiltered total is the counter on the user's row, so
 * paging never counts the whole history; a filtered total is a count of the filter's matches.
 */
export async function findHistoryPage(db: Db, user: RequestUser, query: HistoryQuery): Promise<HistoryPage> {
  const { page, limit } = query;
  const offset = (page - 1) * limit;
  const search = query.q ? toSearchQuery(query.q) : undefined;
  const filters = historyFilters(query);
  const where = and(eq(links.userId, user.id), ...filters);

  let found: HistoryLink[];
  let total: number;
  if (search) {
    const spaceless = spacelessTerms(query.q ?? '');
    const { rows, total: matches } = await searchPage(db, user.id, where, filters.length > 0, { search, spaceless }, limit, offset);
    found = rows.map(({ headline, inHighlights, ...row }) => ({
      ...toLink(row, user.timezone),
      match: toMatchHtml(headline),
      matchInHighlights: inHighlights,
    }));
    total = matches;
  } else {
    let rows: LinkRow[];
    if (filters.length === 0) {
      rows =
        offset === 0
          ? await firstPageQuery(db).execute({ userId: user.id, limit })
          : await unfilteredPageQuery(db).execute({ userId: user.id, limit, offset });
      total = user.linkCount;
    } else {
      rows = await pageQuery(db, user.id, filters, limit, offset);
      total = await countLinks(db, where);
    }
    found = rows.map((row) => toLink(row, user.timezone));
  }

  const totalPages = Math.ceil(total / limit);
  return {
    links: found,
    pagination: { page, limit, total, totalPages, hasPrev: page > 1, hasNext: page < totalPages },
  };
}

/**
 * The page's ids first, from the (user, created_at, id) index alone — page 400 skips 8,000
 * index entries without reading their rows — then those 20 rows by primary key. `= any(array(…))`
 * keeps that plan even when the page size is a parameter the planner cannot see.
 */
function pageQuery(db: Db, userId: string | Placeholder, filters: SQL[], limit: number | Placeholder, offset: number | Placeholder) {
  const where = and(eq(links.userId, userId), ...filters);
  const pageIds = db
    .select({ id: links.id })
    .from(links)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return db
    .select(linkColumns)
    .from(links)
    .where(and(eq(links.userId, userId), sql`${links.id} = any(array(${pageIds}))`))
    .orderBy(...newestFirst);
}

/** My Stash as it opens, and the pages after it: prepared once (db/prepared.ts). */
const firstPageQuery = preparedOnce((db) =>
  // Nothing to skip: the newest rows straight from the index, one lookup fewer than pageQuery.
  db
    .select(linkColumns)
    .from(links)
    .where(eq(links.userId, sql.placeholder('userId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('links_history_first_page'),
);
const unfilteredPageQuery = preparedOnce((db) =>
  pageQuery(db, sql.placeholder('userId'), [], sql.placeholder('limit'), sql.placeholder('offset')).prepare('links_history_page'),
);

/**
 * A search finds its matches through the full-text (GIN) indexes, so its cost follows the number
 * of matches, and never reads a page's text to rank it: the link's own vector (title A, notes B,
 * excerpt, categories and URL C: small) is ranked with ts_rank, and those matches come first; then
 * the links whose highlights or notes on highlights match (highlights' own GIN index), newest
 * first; the matches found only in a page's text (page_copies, whose vector is large and kept out of the
 * table's own rows) follow, newest first. Ranking every text match read each page's whole vector:
 * 8 s for a word beginning that 100,000 pages have (bench/RESULTS.md). The copies carry the link's
 * owner and saving time, so those matches are found, counted and ordered without reading links;
 * with a filter (category, unread…) they are checked against the filtered links. MATERIALIZED
 * keeps the planner from walking the user's links in date order and testing each against the
 * search instead: it guesses that is quicker for prefix searches, whose matches it cannot estimate,
 * and for a rare word it reads the whole history.
 */
async function searchPage(
  db: Db,
  userId: string,
  where: SQL | undefined,
  filtered: boolean,
  { search, spaceless }: { search: string; spaceless: string[] },
  limit: number,
  offset: number,
): Promise<{ rows: SearchRow[]; total: number }> {
  const query = sql`to_tsquery('simple', ${search})`;
  const inFilteredLinks = filtered ? sql`and p.link_id in (select ${links.id} from ${links} where ${where})` : sql``;
  const { rows: page } = await db.execute<{ id: string; total: string }>(sql`
    with own as materialized (${ownMatches(where, query)}),
    in_highlights as materialized (
      select ${links.id}, ${links.createdAt} from ${links} where ${where} and not exists (select 1 from own where own.id = ${links.id}) and ${links.id} in (
        select h.link_id from highlights h where h.user_id = ${userId} and h.search_vector @@ ${query})
    ),
    in_text as materialized (
      select p.link_id as id, p.link_created_at as created_at from page_copies p
      where p.user_id = ${userId} and p.search_vector @@ ${query} ${inFilteredLinks}
        and not exists (select 1 from own where own.id = p.link_id) and not exists (select 1 from in_highlights h where h.id = p.link_id)
    ),
    found as (
      (select id, 0 as tier, rank, created_at from own order by rank desc, created_at desc, id desc limit ${limit + offset})
      union all
      (select id, 1, 0::real, created_at from in_highlights order by created_at desc, id desc limit ${limit + offset})
      union all
      (select id, 2, 0::real, created_at from in_text order by created_at desc, id desc limit ${limit + offset})
    )
    select id, (select count(*) from own) + (select count(*) from in_highlights) + (select count(*) from in_text) as total from found
    order by tier, rank desc, created_at desc, id desc limit ${limit} offset ${offset}`);
  // Past the last page: the total still says how many there are.
  if (page.length === 0)
    return { rows: [], total: offset > 0 ? (await searchPage(db, userId, where, filtered, { search, spaceless }, 1, 0)).total : 0 };
  const ids = page.map((row) => row.id);
  // The page's 20 links, each with its matched words in context (search-match.ts).
  const found = await db
    .select({ ...linkColumns, headline: matchHeadline(query, spaceless), inHighlights: matchInHighlights(query) })
    .from(links)
    .leftJoin(pageCopies, eq(pageCopies.linkId, links.id))
    .where(and(eq(links.userId, userId), inArray(links.id, ids)));
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(page[0].total) };
}

type SearchRow = LinkRow & { headline: string | null; inHighlights: boolean };

async function countLinks(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(links).where(where);
  return row.total;
}

export async function findLinkCounts(db: Db, user: RequestUser, config: Config): Promise<LinkCounts> {
  const newsletter = await countLinks(db, and(eq(links.userId, user.id), eq(links.includeInNewsletter, true)));
  const limit = monthlyLinkLimit(tierOf(user, config.billing));
  return { count: user.linkCount, newsletter, monthlyUsage: monthlyUsage(user, limit) };
}
