import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { mailEvents, mailOutbox } from '../db/schema';
import { defineJob } from '../jobs/define';
import { pruneLinkOpens } from '../digests/link-opens';

/**
 * How long a delivered or failed message is kept: long enough to answer "did my digest go out?"
 * (and for /dev/mailbox), short enough that copies of people's links and addresses do not pile up.
 */
const KEEP_FINISHED_MAIL = '30 days';

/** Deleting in slices keeps each statement short when a large backlog first expires. */
const PRUNE_SLICE = 5_000;

/** Every night, removes finished messages older than KEEP_FINISHED_MAIL. */
export const pruneOutboxJob = defineJob({
  name: 'mail.prune',
  cron: '41 3 * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    const pruned = await pruneOutbox(ctx);
    if (pruned > 0) ctx.log.info({ pruned }, 'old mail removed from the outbox');
    await pruneLinkOpens(ctx.database.db);
  },
});

export async function pruneOutbox(ctx: AppContext): Promise<number> {
  let pruned = 0;
  for (;;) {
    const { rowCount } = await ctx.database.db.execute(sql`
      delete from ${mailOutbox} where ${mailOutbox.id} in (
        select ${mailOutbox.id} from ${mailOutbox}
         where ${mailOutbox.status} in ('sent', 'failed') and ${mailOutbox.createdAt} < now() - ${KEEP_FINISHED_MAIL}::interval
         limit ${PRUNE_SLICE})`);
    pruned += rowCount ?? 0;
    if ((rowCount ?? 0) < PRUNE_SLICE) break;
  }
  await ctx.database.db.execute(sql`delete from ${mailEvents} where ${mailEvents.createdAt} < now() - ${KEEP_FINISHED_MAIL}::interval`);
  return pruned;
}
