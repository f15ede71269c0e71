import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { links, titleFetches } from '../../db/schema';
import { decodeHtml, isHtml, readPageMetadata } from './page-metadata';
import { FetchRefused, safeFetch } from './safe-fetch';

/*
 * Titles found for links saved without one. The save itself writes a title_fetches row (in its
 * own statement: no second round trip, nothing lost if the process stops), and the worker claims
 * rows in small batches (fetcher.ts). Newest first, so a link just saved never waits behind an
 * import's backlog.
 */

/** A claim lasts this long: a worker that stopped mid-fetch leaves its rows to be taken again. */
const LEASE = '5 minutes';
/** One more try for a site that was down or slow, a minute later; a refused address is not retried. */
const TRIES = 2;
const RETRY_AFTER = '1 minute';

/** Imported links without a title (at most 1,000 an import, chosen by the import). */
export async function queueTitleFetches(ctx: AppContext, linkIds: string[]): Promise<void> {
  if (!ctx.config.fetchTitles || linkIds.length === 0) return;
  await ctx.database.db
    .insert(titleFetches)
    .values(linkIds.map((linkId) => ({ linkId })))
    .onConflictDoNothing();
}

interface Claimed {
  linkId: string;
  url: string;
  title: string | null;
  tries: number;
}

async function claim(db: Db, limit: number): Promise<Claimed[]> {
  const { rows } = await db.execute<{ link_id: string; url: string; title: string | null; tries: number }>(sql`
    update title_fetches f set due_at = now() + ${LEASE}::interval, tries = f.tries + 1
    from links l
    where l.id = f.link_id and f.link_id in (
      select link_id from title_fetches where due_at <= now() order by due_at desc limit ${limit} for update skip locked)
    returning f.link_id, l.url, l.title, f.tries`);
  return rows.map((row) => ({ linkId: row.link_id, url: row.url, title: row.title, tries: row.tries }));
}

/** Claims up to `limit` due fetches and does them side by side; answers how many it claimed. */
export async function runTitleFetches(ctx: AppContext, limit = 8): Promise<number> {
  const claimed = await claim(ctx.database.db, limit);
  await Promise.all(claimed.map((fetch) => fetchTitle(ctx, fetch)));
  return claimed.length;
}

async function fetchTitle(ctx: AppContext, { linkId, url, title, tries }: Claimed): Promise<void> {
  const { db } = ctx.database;
  const done = () => db.delete(titleFetches).where(eq(titleFetches.linkId, linkId));
  // The user gave a title meanwhile: theirs stays, and nothing is fetched.
  if (title) return void (await done());

  let page;
  try {
    page = await safeFetch(url, ctx.config.allowPrivateFetch ? { isAllowedAddress: () => true } : {});
  } catch (error) {
    if (error instanceof FetchRefused) ctx.log.info({ linkId, reason: error.message }, 'title fetch refused');
    else ctx.log.info({ linkId, err: error }, 'title fetch failed');
    if (error instanceof FetchRefused || tries >= TRIES) return void (await done());
    await db.update(titleFetches).set({ dueAt: sql`now() + ${RETRY_AFTER}::interval` }).where(eq(titleFetches.linkId, linkId));
    return;
  }
  if (page.status >= 200 && page.status < 300 && isHtml(page.contentType)) {
    const found = readPageMetadata(decodeHtml(page.body, page.contentType));
    if (found.title || found.description) {
      await db
        .update(links)
        .set({ title: sql`coalesce(${links.title}, ${found.title})`, description: sql`coalesce(${links.description}, ${found.description})` })
        .where(eq(links.id, linkId));
    }
  }
  await done();
}
