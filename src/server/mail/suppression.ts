import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categorySubscribers, users } from '../db/schema';

/** Why an address gets no more digests: a hard bounce, or a complaint report (mail/feedback-routes.ts). */
export type SuppressionReason = 'bounce' | 'complaint';

/**
 * Stops digests to an address that bounced or complained, until the user changes their address
 * (users/profile.ts clears it). Only while the account still has that address: a bounce of an old
 * address says nothing about the new one. The scheduler stops looking at the user too. True when
 * this call suppressed it (false: already suppressed, or the account has another address now).
 */
export async function suppressAddress(
  db: Pick<Db, 'update'>,
  target: { userId: string; email: string; reason: SuppressionReason },
): Promise<boolean> {
  const { rowCount } = await db
    .update(users)
    .set({ mailSuppressedAt: new Date(), mailSuppressedReason: target.reason, nextDigestAt: null })
    .where(and(eq(users.id, target.userId), eq(sql`lower(${users.email})`, target.email.toLowerCase()), isNull(users.mailSuppressedAt)));
  return (rowCount ?? 0) > 0;
}

/**
 * A bounce or complaint of a message to a category's subscriber unsubscribes that subscriber only:
 * the same address subscribed elsewhere, or an account with it, is left alone. True when this call did it.
 */
export async function unsubscribeSubscriber(db: Pick<Db, 'update'>, subscriberId: string, reason: SuppressionReason): Promise<boolean> {
  const { rowCount } = await db
    .update(categorySubscribers)
    .set({ unsubscribedAt: new Date(), unsubscribedReason: reason })
    .where(and(eq(categorySubscribers.id, subscriberId), isNull(categorySubscribers.unsubscribedAt)));
  return (rowCount ?? 0) > 0;
}
