import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { links } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { decodeHtml, isHtml, readPageMetadata } from './page-metadata';
import { FetchRefused, safeFetch } from './safe-fetch';

/** Fills in the title and description of a link saved without a title, from the page itself. */
export const fetchTitleJob = defineJob({
  name: 'links.fetch-title',
  payload: z.object({ linkId: z.uuid() }),
  // A second request for the same link while the first still waits adds nothing.
  policy: 'short',
  // One more try for a site that was down or slow; a refused address is not retried.
  retryLimit: 1,
  retryDelaySeconds: 60,
  concurrency: 4,
  handler: ({ linkId }, ctx) => fillInTitle(ctx, linkId),
});

/**
 * Asks for the title after the save has committed (never inside a transaction). `background`
 * puts the work behind people's own saves: for imports of many links at once. A queue failure
 * leaves the link without a title rather than failing the save.
 */
export async function requestTitle(ctx: AppContext, linkId: string, { background = false } = {}): Promise<void> {
  if (!ctx.config.fetchTitles) return;
  try {
    await ctx.jobs.send(fetchTitleJob.name, { linkId }, { singletonKey: linkId, priority: background ? -1 : 0 });
  } catch (err) {
    ctx.log.warn({ err, linkId }, 'could not queue the title fetch');
  }
}

/**
 * The same for many links at once (an import), in one statement and behind people's own saves.
 * Links whose title fetch already waits are left out.
 */
export async function requestTitles(ctx: AppContext, linkIds: string[]): Promise<void> {
  if (!ctx.config.fetchTitles || linkIds.length === 0) return;
  await ctx.jobs.sendMany(
    fetchTitleJob.name,
    linkIds.map((linkId) => ({ payload: { linkId }, singletonKey: linkId, priority: -1 })),
  );
}

export async function fillInTitle(ctx: AppContext, linkId: string): Promise<void> {
  const { db } = ctx.database;
  const [link] = await db.select({ url: links.url, title: links.title }).from(links).where(eq(links.id, linkId));
  if (!link || link.title) return;

  let page;
  try {
    page = await safeFetch(link.url, ctx.config.allowPrivateFetch ? { isAllowedAddress: () => true } : {});
  } catch (error) {
    if (error instanceof FetchRefused) {
      ctx.log.info({ linkId, reason: error.message }, 'title fetch refused');
      return;
    }
    throw error;
  }
  if (page.status < 200 || page.status >= 300 || !isHtml(page.contentType)) return;

  const { title, description } = readPageMetadata(decodeHtml(page.body, page.contentType));
  if (!title && !description) return;
  // The user may have given a title meanwhile: theirs stays.
  await db
    .update(links)
    .set({ title: sql`coalesce(${links.title}, ${title})`, description: sql`coalesce(${links.description}, ${description})` })
    .where(eq(links.id, linkId));
}
