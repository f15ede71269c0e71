import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { defineJob } from '../jobs/define';
import { dispatchMail, RETRY_AFTER_MS } from './outbox';

/** The error of a message the sweep found stuck in `sending`: it may or may not have reached SMTP. */
export const INTERRUPTED_DELIVERY = 'interrupted during delivery';

/**
 * A message is claimed only once a connection is free for it and recorded the moment SMTP answers
 * (nodemailer gives up on a silent server after 30 s), so one `sending` for a minute lost its attempt.
 */
const STUCK_AFTER = sql`interval '1 minute'`;

/** More than one sweep's worth would only re-send no-op jobs for a backlog the workers are draining. */
const SWEEP_BATCH = 500;

/**
 * When a message put back to `queued` is due again. Rows put back before retry_at existed have
 * none: they are due when recordFailure's back-off from their last attempt says they would be.
 */
const dueAgain = sql`coalesce(${mailOutbox.retryAt}, coalesce(${mailOutbox.lastAttemptAt}, ${mailOutbox.createdAt}) + ${RETRY_AFTER_MS} * interval '1 millisecond' * power(2, greatest(${mailOutbox.attempts} - 1, 0)))`;

/** Every minute, repairs what a crash can leave behind in the outbox. */
export const sweepOutboxJob = defineJob({
  name: 'mail.sweep',
  cron: '* * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await sweepOutbox(ctx);
  },
});

/**
 * Three repairs, each within a minute or two of a crash:
 * - A message still `queued` and never tried a minute after it was written lost its job: the
 *   process died between the commit and dispatchMail. It is dispatched again (a no-op while its job
 *   is merely waiting).
 * - A message put back to `queued` after a temporary failure whose retry is a minute overdue lost
 *   its retry job (the process died before queueing it): dispatched again. Those whose retry is
 *   still ahead are left alone, so pg-boss keeps its back-off. One put back before retry_at
 *   existed counts as due by the same back-off from its last attempt.
 * - A message `sending` for over a minute belonged to an attempt that died, perhaps after SMTP
 *   accepted it. It is marked failed, not sent again: delivery is at most once.
 */
export async function sweepOutbox(ctx: AppContext): Promise<{ redispatched: number; interrupted: number }> {
  const { db } = ctx.database;
  const interrupted = await markInterruptedDeliveries(db);

  const stranded = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'queued'),
        or(
          and(eq(mailOutbox.attempts, 0), lt(mailOutbox.createdAt, sql`now() - interval '1 minute'`)),
          and(gt(mailOutbox.attempts, 0), lt(dueAgain, sql`now() - interval '1 minute'`)),
        ),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(SWEEP_BATCH);
  for (const { id } of stranded) await dispatchMail(ctx, id);

  if (interrupted.length > 0) ctx.log.warn({ ids: interrupted }, 'mail interrupted during delivery marked failed');
  return { redispatched: stranded.length, interrupted: interrupted.length };
}

/** sending → failed (INTERRUPTED_DELIVERY) for messages whose attempt died; the digest sweep calls it too. */
export async function markInterruptedDeliveries(db: Db): Promise<string[]> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: INTERRUPTED_DELIVERY })
    .where(and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lastAttemptAt, sql`now() - ${STUCK_AFTER}`)))
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}
