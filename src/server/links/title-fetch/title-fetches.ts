import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { links, pageCopies, titleFetches } from '../../db/schema';
import type { PageReading } from '../page-copy/read-page';
import { readPageInWorker } from '../page-copy/read-in-worker';
import { FetchRefused, safeFetch } from './safe-fetch';

/*
 * Pages read for saved links: the title of a link saved without one, and the readable copy of
 * every page (page_copies, with what the cards show copied onto the link). The save itself writes
 * a title_fetches row (in its own statement: no second round trip, nothing lost if the process
 * stops), and the worker claims rows in small batches (fetcher.ts). Saves before imports, newest
 * first, so a link just saved never waits behind an import's backlog.
 */

/** A claim lasts this long: a worker that stopped mid-fetch leaves its rows to be taken again. */
const LEASE = '5 minutes';
/** One more try for a page that failed, a minute later; a refused address is not retried. */
const TRIES = 2;
const RETRY_AFTER = '1 minute';
/** Articles are bigger than the head a title needs. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

export const IMPORT_PRIORITY = 1;

/** Imported links (at most 1,000 an import, chosen by the import), after the saves. */
export async function queueTitleFetches(ctx: AppContext, linkIds: string[]): Promise<void> {
  if (!ctx.config.fetchTitles || linkIds.length === 0) return;
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(titleFetches)
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
    .where(and(eq(links.id, linkId), eq(links.userId, userId)))
    .returning({ id: links.id });
  if (!row) return false;
  await db
    .insert(titleFetches)
    .values({ linkId })
    .onConflictDoUpdate({ target: titleFetches.linkId, set: { dueAt: sql`now()`, tries: 0, priority: 0 } });
  return true;
}

interface Claimed {
  linkId: string;
  url: string;
  tries: number;
  priority: number;
}

async function claim(db: Db, limit: number): Promise<Claimed[]> {
  const { rows } = await db.execute<{ link_id: string; url: string; tries: number; priority: number }>(sql`
    update title_fetches f set due_at = now() + ${LEASE}::interval, tries = f.tries + 1
    from links l
    where l.id = f.link_id and f.link_id in (
      select link_id from title_fetches where due_at <= now() order by priority, due_at desc limit ${limit} for update skip locked)
    returning f.link_id, l.url, f.tries, f.priority`);
  return rows.map((row) => ({ linkId: row.link_id, url: row.url, tries: row.tries, priority: row.priority }));
}

/** Claims up to `limit` due pages and reads them side by side; answers how many it claimed. */
export async function runTitleFetches(ctx: AppContext, limit = 8): Promise<number> {
  const claimed = await claim(ctx.database.db, limit);
  await Promise.all(claimed.map((fetch) => readPage(ctx, fetch)));
  return claimed.length;
}

async function readPage(ctx: AppContext, { linkId, url, tries, priority }: Claimed): Promise<void> {
  const { db } = ctx.database;
  let reading: PageReading;
  try {
    const page = await safeFetch(url, { maxBytes: MAX_PAGE_BYTES, ...(ctx.config.allowPrivateFetch && { isAllowedAddress: () => true }) });
    if (page.status < 200 || page.status > 299) throw new Error(`The page answered HTTP ${page.status}.`);
    reading = await readPageInWorker(page, priority === IMPORT_PRIORITY);
  } catch (error) {
    const refused = error instanceof FetchRefused;
    ctx.log.info({ linkId, reason: (error as Error).message }, refused ? 'page fetch refused' : 'page fetch failed');
    if (!refused && tries < TRIES) {
      await db.update(titleFetches).set({ dueAt: sql`now() + ${RETRY_AFTER}::interval` }).where(eq(titleFetches.linkId, linkId));
      return;
    }
    return recordFailure(db, linkId, url, failureReason(error));
  }
  await recordReading(db, linkId, reading);
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

async function recordFailure(db: Db, linkId: string, url: string, failure: string): Promise<void> {
  await db.transaction(async (tx) => {
    const copy = { kind: null, failure, url, contentType: null, html: null, text: null, fetchedAt: sql`now()` } as const;
    await tx.insert(pageCopies).values({ ...ofLink(linkId), ...copy }).onConflictDoUpdate({ target: pageCopies.linkId, set: copy });
    await tx.update(links).set({ contentStatus: 'failed' }).where(eq(links.id, linkId));
    await tx.delete(titleFetches).where(eq(titleFetches.linkId, linkId));
  });
}

async function recordReading(db: Db, linkId: string, reading: PageReading): Promise<void> {
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
  await db.transaction(async (tx) => {
    await tx.insert(pageCopies).values({ ...ofLink(linkId), ...copy }).onConflictDoUpdate({ target: pageCopies.linkId, set: copy });
    // A title the user gave stays; the page's fills in a missing one.
    await tx
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
    await tx.delete(titleFetches).where(eq(titleFetches.linkId, linkId));
  });
}
