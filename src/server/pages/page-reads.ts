import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { links, pageCopies, pageReads } from '../db/schema';
import type { PageReading } from './read/read-page';
import { readPageInWorker } from './read/read-in-worker';
import { FetchRefused, safeFetch } from './fetch/safe-fetch';
import { reanchorLinkHighlights } from '../highlights/reanchor';

/*
 * Pages read for saved links: the title of a link saved without one, and the readable copy of
 * every page (page_copies, with what the cards show copied onto the link). The save itself writes
 * a page_reads row (in its own statement: no second round trip, nothing lost if the process
 * stops), and the worker claims rows in small batches (background-reader.ts). Saves before imports, newest
 * first, so a link just saved never waits behind an import's backlog.
 */

/** A claim lasts this long: a worker that stopped mid-fetch leaves its rows to be taken again. */
const LEASE = '5 minutes';
/** One more try for a page that failed, a minute later; a refused address is not retried. */
const TRIES = 2;
const RETRY_AFTER = '1 minute';
/** Articles are bigger than the head a title needs. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

const IMPORT_PRIORITY = 1;

/** Imported links (at most 1,000 an import, chosen by the import), after the saves. */
export async function queuePageReads(ctx: AppContext, linkIds: string[]): Promise<void> {
  if (!ctx.config.readPages || linkIds.length === 0) return;
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(pageReads)
      .values(linkIds.map((linkId) => ({ linkId, priority: IMPORT_PRIORITY })))
      .onConflictDoNothing();
    await tx.update(links).set({ contentStatus: 'pending' }).where(inArray(links.id, linkIds));
  });
}

/** "Refresh": the page read again soon, as a save's would be. False when the link is not the user's. */
export async function queuePageRefresh(db: Db, userId: string, linkId: string): Promise<boolean> {
  const [row] = await db
    .update(links)
    .set({ contentStatus: 'pending' })
    // A mail saved as its own page (inbound-mail/) has no page to read again: its copy is the mail.
    .where(
      and(
        eq(links.id, linkId),
        eq(links.userId, userId),
        sql`not exists (select from ${pageCopies} where ${pageCopies.linkId} = ${links.id} and ${pageCopies.contentType} = 'message/rfc822')`,
      ),
    )
    .returning({ id: links.id });
  if (!row) return false;
  await db
    .insert(pageReads)
    .values({ linkId })
    .onConflictDoUpdate({ target: pageReads.linkId, set: { dueAt: sql`now()`, tries: 0, priority: 0 } });
  return true;
}

interface Claimed {
  linkId: string;
  url: string;
  tries: number;
}

/** Which due pages a claim may take: any, or only those of links just saved (not an import's). */
export type Claimable = 'any' | 'saves';

async function claim(db: Db, limit: number, claimable: Claimable): Promise<Claimed[]> {
  const onlySaves = claimable === 'saves' ? sql`and priority < ${IMPORT_PRIORITY}` : sql``;
  const { rows } = await db.execute<{ link_id: string; url: string; tries: number }>(sql`
    update page_reads f set due_at = now() + ${LEASE}::interval, tries = f.tries + 1
    from links l
    where l.id = f.link_id and f.link_id in (
      select link_id from page_reads where due_at <= now() ${onlySaves} order by priority, due_at desc limit ${limit} for update skip locked)
    returning f.link_id, l.url, f.tries`);
  return rows.map((row) => ({ linkId: row.link_id, url: row.url, tries: row.tries }));
}

/** A page not read: tried again a minute later, or given up with its reason. */
type Unread = { linkId: string; retry: true } | { linkId: string; retry: false; url: string; failure: string };

/**
 * Claims up to `limit` due pages (saves first) and reads them side by side; answers how many it
 * claimed. Each page read is recorded as it is done, in one statement; the pages not read (refused,
 * failed, to be retried) together at the end, in one more.
 */
export async function runPageReads(ctx: AppContext, limit = 8, claimable: Claimable = 'any'): Promise<number> {
  const claimed = await claim(ctx.database.db, limit, claimable);
  const outcomes = await Promise.allSettled(claimed.map((fetch) => readPage(ctx, fetch)));
  await recordUnread(
    ctx.database.db,
    outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' && outcome.value ? [outcome.value] : [])),
  );
  // A page whose recording failed keeps its lease: it is taken again when that ends.
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return claimed.length;
}

/** Reads and records one page; answers what to record when it could not be read. */
async function readPage(ctx: AppContext, { linkId, url, tries }: Claimed): Promise<Unread | undefined> {
  let reading: PageReading;
  try {
    const page = await safeFetch(url, { maxBytes: MAX_PAGE_BYTES, ...(ctx.config.allowPrivateFetch && { isAllowedAddress: () => true }) });
    if (page.status < 200 || page.status > 299) throw new Error(`The page answered HTTP ${page.status}.`);
    reading = await readPageInWorker(page);
  } catch (error) {
    const refused = error instanceof FetchRefused;
    ctx.log.info({ linkId, reason: (error as Error).message }, refused ? 'page fetch refused' : 'page fetch failed');
    if (!refused && tries < TRIES) return { linkId, retry: true };
    return { linkId, retry: false, url, failure: failureReason(error) };
  }
  await ctx.database.db.execute(recordReading(ctx.database.db, linkId, reading));
  // The copy may have changed under the user's highlights: find them again (highlights/reanchor.ts).
  await reanchorLinkHighlights(ctx.database.db, linkId);
  return undefined;
}

function failureReason(error: unknown): string {
  if (error instanceof FetchRefused) return `Stash does not fetch this address: ${error.message}.`;
  const message = (error as Error).message ?? String(error);
  if ((error as Error).name === 'TimeoutError' || /aborted/i.test(message)) return 'The page took too long to answer.';
  return message.startsWith('The page') ? message : `The page could not be fetched (${message}).`;
}

/** The copy's link, with the owner and saving time search reads from the copy (db/schema/links.ts). */
function ofLink(linkId: string) {
  return {
    linkId,
    userId: sql<string>`(select ${links.userId} from ${links} where ${links.id} = ${linkId})`,
    linkCreatedAt: sql<Date>`(select ${links.createdAt} from ${links} where ${links.id} = ${linkId})`,
  };
}

/*
 * The recordings are single statements whose parts are data-modifying WITH clauses: atomic as a
 * transaction was, in one round trip instead of five (BEGIN, three statements, COMMIT). The parts
 * touch different rows (or tables), as PostgreSQL requires of one statement.
 */

async function recordUnread(db: Db, unread: Unread[]): Promise<void> {
  const retried = unread.filter((page) => page.retry).map((page) => page.linkId);
  const failed = unread.filter((page) => !page.retry);
  const steps: SQLWrapper[] = [];
  if (retried.length)
    steps.push(
      db
        .update(pageReads)
        .set({ dueAt: sql`now() + ${RETRY_AFTER}::interval` })
        .where(inArray(pageReads.linkId, retried)),
    );
  if (failed.length) {
    const failedIds = failed.map((page) => page.linkId);
    const copies = failed.map(({ linkId, url, failure }) => ({
      ...ofLink(linkId),
      kind: null,
      failure,
      url,
      contentType: null,
      html: null,
      text: null,
      fetchedAt: sql`now()`,
    }));
    steps.push(
      db
        .insert(pageCopies)
        .values(copies)
        .onConflictDoUpdate({
          target: pageCopies.linkId,
          set: fromExcluded(['kind', 'failure', 'url', 'contentType', 'html', 'text', 'fetchedAt']),
        }),
      db.update(links).set({ contentStatus: 'failed' }).where(inArray(links.id, failedIds)),
      db.delete(pageReads).where(inArray(pageReads.linkId, failedIds)),
    );
  }
  if (steps.length) await db.execute(oneStatement(steps));
}

/** Statements run as one: each but the last a WITH clause of the last. */
function oneStatement(steps: SQLWrapper[]): SQL {
  // getSQL(): a query builder put into sql`` as it is comes in parentheses, as a subquery would.
  const [last, ...clauses] = steps.map((step) => step.getSQL()).reverse();
  if (clauses.length === 0) return last;
  return sql`with ${sql.join(
    clauses.reverse().map((step, i) => sql`${sql.raw(`step${i}`)} as (${step})`),
    sql`, `,
  )} ${last}`;
}

/** On a conflict, the row's columns from the values given (sent once, not twice: a copy's HTML is big). */
function fromExcluded(columns: string[]): Record<string, SQL> {
  // The schema's keys are camelCase; its columns snake_case (the database client's casing setting, drizzle's own conversion).
  return Object.fromEntries(columns.map((key) => [key, sql`excluded.${sql.identifier(toSnakeCase(key))}`]));
}

function recordReading(db: Db, linkId: string, reading: PageReading) {
  const article = reading.kind === 'article' || reading.kind === 'page' ? reading : undefined;
  const copy = {
    kind: reading.kind,
    failure: reading.failure,
    url: reading.url,
    contentType: reading.contentType,
    title: reading.title,
    siteName: reading.siteName,
    byline: article?.byline ?? null,
    excerpt: article?.excerpt ?? null,
    lang: article?.lang ?? null,
    publishedAt: article?.publishedAt ?? null,
    wordCount: article?.html ? article.wordCount : null,
    readingMinutes: article?.html ? article.readingMinutes : null,
    imageUrl: article?.imageUrl ?? null,
    faviconUrl: article?.faviconUrl ?? null,
    html: article?.html ?? null,
    text: article?.html ? article.text : null,
    fetchedAt: sql`now()`,
  };
  const saved = db
    .insert(pageCopies)
    .values({ ...ofLink(linkId), ...copy })
    .onConflictDoUpdate({ target: pageCopies.linkId, set: fromExcluded(Object.keys(copy)) });
  // A title the user gave stays; the page's fills in a missing one.
  const card = db
    .update(links)
    .set({
      title: sql`coalesce(${links.title}, ${copy.title})`,
      description: sql`coalesce(${links.description}, ${copy.excerpt})`,
      contentStatus: copy.html ? 'ready' : 'none',
      siteName: copy.siteName,
      excerpt: copy.excerpt,
      readingMinutes: copy.readingMinutes,
      faviconUrl: copy.faviconUrl,
      imageUrl: copy.imageUrl,
    })
    .where(eq(links.id, linkId));
  const done = db.delete(pageReads).where(eq(pageReads.linkId, linkId));
  return oneStatement([saved, card, done]);
}
