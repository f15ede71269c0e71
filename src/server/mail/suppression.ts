import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Why an address gets no more digests. Only hard bounces for now: no complaint feed is wired in yet. */
export type SuppressionReason = 'bounce';

/**
 * Stops digests to an address that bounced or complained, until the user changes their address
 * (users/profile.ts clears it). Only while the account still has that address: a bounce of an old
 * address says nothing about the new one. The scheduler stops looking at the user too.
 */
export async function suppressAddress(db: Pick<Db, 'update'>, target: { userId: string; email: string; reason: SuppressionReason }): Promise<void> {
  await db
    .update(users)
    .set({ mailSuppressedAt: new Date(), mailSuppressedReason: target.reason, nextDigestAt: null })
    .where(and(eq(users.id, target.userId), eq(sql`lower(${users.email})`, target.email.toLowerCase()), isNull(users.mailSuppressedAt)));
}
