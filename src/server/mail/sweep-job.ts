import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { defineJob } from '../jobs/define';
import { dispatchMail } from './outbox';

/** The error of a message the sweep found stuck in `sending`: it may or may not have reached SMTP. */
export const INTERRUPTED_DELIVERY = 'interrupted during delivery';

/** More than one sweep's worth would only re-send no-op jobs for a backlog the workers are draining. */
const SWEEP_BATCH = 500;

/** Every minute, repairs what a crash can leave behind in the outbox. */
export const sweepOutboxJob = defineJob({
  name: 'mail.sweep',
  payload: z.object({}),
  cron: '* * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await sweepOutbox(ctx);
  },
});

/**
 * Two repairs:
 * - A message still `queued` and never tried a minute after it was written lost its job: the
 *   process died between the commit and dispatchMail. It is dispatched again (a no-op while its job
 *   is merely waiting). Messages queued after a failed attempt are left alone: pg-boss holds their
 *   retry, and dispatching them would skip its back-off.
 * - A message `sending` for over ten minutes belonged to an attempt that died, perhaps after SMTP
 *   accepted it. It is marked failed, not sent again: delivery is at most once.
 */
export async function sweepOutbox(ctx: AppContext): Promise<{ redispatched: number; interrupted: number }> {
  const { db } = ctx.database;
  const interrupted = await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: INTERRUPTED_DELIVERY })
    .where(and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lastAttemptAt, sql`now() - interval '10 minutes'`)))
    .returning({ id: mailOutbox.id });

  const stranded = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), eq(mailOutbox.attempts, 0), lt(mailOutbox.createdAt, sql`now() - interval '1 minute'`)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(SWEEP_BATCH);
  for (const { id } of stranded) await dispatchMail(ctx, id);

  if (interrupted.length > 0) ctx.log.warn({ ids: interrupted.map((row) => row.id) }, 'mail interrupted during delivery marked failed');
  return { redispatched: stranded.length, interrupted: interrupted.length };
}
