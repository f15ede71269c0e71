import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { User } from '../auth/current-user';
import type { LinkCounts } from '../../shared/links-schemas';

/*
 * The counters on a user's row: linkCount (every link they have, My Stash's total) and this
 * month's saves (monthlyLinksUsed until monthlyUsageResetAt, the start of their next month in
 * their own time zone). A save counts in its own statement (save-statement.ts); a delete here.
 */

/** A deleted link leaves the total; this month's saves stay counted. */
export async function countDeletion(tx: Pick<Db, 'update'>, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ linkCount: sql`greatest(${users.linkCount} - 1, 0)` })
    .where(eq(users.id, userId));
}

/** This month's saves as the usage box shows them; a month that has ended counts as 0. */
export function monthlyUsage(
  user: Pick<User, 'monthlyUsageResetAt' | 'monthlyLinksUsed'>,
  monthlyLimit: number | null,
  now = new Date(),
): LinkCounts['monthlyUsage'] {
  const current = user.monthlyUsageResetAt !== null && user.monthlyUsageResetAt > now;
  return {
    used: current ? user.monthlyLinksUsed : 0,
    limit: monthlyLimit,
    resetsAt: current ? user.monthlyUsageResetAt!.toISOString() : null,
  };
}
