import type { AppContext } from '../context';
import { defineJob } from '../jobs/define';

/**
 * Links filled per statement: each its own short transaction, so a user's edits and the page
 * reader never wait long on a row the job holds, and a stop loses at most one batch's work.
 */
const BATCH = 2000;

const FILL_BATCH = `
  with pending as (
    select id from links where search_vector is null limit $1 for update skip locked
  )
  update links l set search_vector = links_search_document(l.title, l.notes, l.excerpt, l.categories, l.url)
  from pending where l.id = pending.id`;

/*
 * Fills the search vectors an import left out (docs/links-and-pages.md, Search): sent after an
 * import has answered, and every 10 minutes in case a process stopped before it ran. Rows are
 * found by links_search_pending_idx and claimed with SKIP LOCKED, so two workers share the work.
 * Until a link's vector is filled, search computes it as it goes (search-document.ts).
 */
export const fillSearchVectorsJob = defineJob({
  name: 'links.fill-search-vectors',
  cron: '*/10 * * * *',
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 30,
  handler: async (_payload, ctx) => {
    await fillSearchVectors(ctx);
  },
});

/** Fills every missing vector, a batch at a time; the number filled. */
export async function fillSearchVectors(ctx: AppContext): Promise<number> {
  let filled = 0;
  for (;;) {
    const { rowCount } = await ctx.database.pool.query(FILL_BATCH, [BATCH]);
    if (!rowCount) return filled;
    filled += rowCount;
  }
}
