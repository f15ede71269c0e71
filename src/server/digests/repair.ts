import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { digestSends } from '../db/schema';
import { OVERDUE_AFTER_MS } from './send';
import { settleFromOutbox, type Slot } from './send-rows';
import { markInterruptedDeliveries } from '../mail/sweep-job';

/**
 * An attempt still `sending` without a message after this long has died (composing a batch takes
 * milliseconds to seconds). With the sweep every minute, a crash's claims are pending again within two.
 */
const STALE_CLAIM_MS = 60_000;
/** A pending row this old may have lost its job (a crash between the sweep's commit and its enqueue). */
const STRANDED_AFTER_MS = 2 * 60_000;
/** Claims a send gets before it is given up as failed: rendering it keeps killing the attempt. */
const MAX_CLAIMS = 3;
const BATCH = 1000;

export interface Repairs {
  settled: number;
  restarted: number;
  abandoned: number;
  expired: number;
  requeued: Slot[];
}

/** What a crash can leave behind in digest_sends, put right; see send.ts for the states. */
export async function repairSends(ctx: AppContext, now: Date): Promise<Repairs> {
  const { db } = ctx.database;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const staleClaim = and(eq(digestSends.status, 'sending'), isNull(digestSends.outboxId), lt(digestSends.updatedAt, ago(STALE_CLAIM_MS)));

  // Delivery ended (or was found interrupted) while its attempt was gone: copy the outcome. The
  // outbox's own sweep finds interrupted deliveries too; doing it here first saves a minute.
  await markInterruptedDeliveries(db);
  const settled = await settleFromOutbox(db);
  // Died before its message was stored: nothing reached SMTP, so it runs again.
  const restarted = await db
    .update(digestSends)
    .set({ status: 'pending', updatedAt: now })
    .where(and(staleClaim, lt(digestSends.attempts, MAX_CLAIMS)))
    .returning({ userId: digestSends.userId, scheduledFor: digestSends.scheduledFor });
  const abandoned = await db
    .update(digestSends)
    .set({ status: 'failed', error: 'could not be composed', updatedAt: now })
    .where(and(staleClaim, gte(digestSends.attempts, MAX_CLAIMS)))
    .returning({ id: digestSends.id });
  // Not sent late in a burst after an outage: the next slot is the user's next digest.
  const expired = await db
    .update(digestSends)
    .set({ status: 'skipped', error: 'overdue', updatedAt: now })
    .where(and(eq(digestSends.status, 'pending'), lt(digestSends.scheduledFor, ago(OVERDUE_AFTER_MS))))
    .returning({ id: digestSends.id });
  // Sent again to the queue: a no-op while the job is still waiting there (its key), a claim that finds nothing if it ran.
  const stranded = await db
    .select({ userId: digestSends.userId, scheduledFor: digestSends.scheduledFor })
    .from(digestSends)
    .where(and(eq(digestSends.status, 'pending'), lt(digestSends.updatedAt, ago(STRANDED_AFTER_MS))))
    .orderBy(sql`${digestSends.updatedAt}`)
    .limit(BATCH);

  return {
    settled,
    restarted: restarted.length,
    abandoned: abandoned.length,
    expired: expired.length,
    requeued: [...restarted, ...stranded],
  };
}
