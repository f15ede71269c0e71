import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { retriedWhileUnreachable } from '../../db/retry';
import { importRuns } from '../../db/schema';

/**
 * Past this, an account's import row is taken to be a dead process's: a 50 MB import is answered in
 * well under a minute even behind other imports, so a run this old is not running any more.
 */
const STALE_AFTER = '15 minutes';

/**
 * Claims the account's one import in flight across every process sharing the database (several web
 * processes each admit their own requests): false while another is running.
 */
export async function claimImportRun(db: Db, userId: string): Promise<boolean> {
  const claimed = await db
    .insert(importRuns)
    .values({ userId })
    .onConflictDoUpdate({
      target: importRuns.userId,
      set: { startedAt: sql`now()` },
      where: sql`${importRuns.startedAt} < now() - interval '${sql.raw(STALE_AFTER)}'`,
    })
    .returning({ userId: importRuns.userId });
  return claimed.length > 0;
}

/**
 * Ends the account's import run before its answer goes out. Through an outage it is tried again in
 * the background (the answer does not wait); failing that, the run goes stale by itself.
 */
export async function releaseImportRun(db: Db, log: FastifyBaseLogger, userId: string): Promise<void> {
  const end = () => db.delete(importRuns).where(eq(importRuns.userId, userId));
  await end().catch(() => {
    retriedWhileUnreachable(end, 60_000).catch((error: unknown) =>
      log.warn({ err: error, userId }, `an import's run could not be ended: the account waits until it is ${STALE_AFTER} old`),
    );
  });
}
