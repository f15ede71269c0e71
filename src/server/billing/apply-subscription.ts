import { eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions, users } from '../db/schema';
import { accountChanges, subscriptionFields } from './account-changes';
import type { ProviderSubscription } from './provider';

/** An open transaction (or the database): everything here happens inside the caller's. */
export type Writer = Pick<Db, 'select' | 'insert' | 'update'>;

export interface ApplyOptions {
  /** The account, when the caller knows it (a checkout's buyer, a sign-up from a trial checkout). */
  userId?: string | null;
  now: Date;
}

/**
 * The one place where a provider's subscription becomes our rows: its `subscriptions` row and the
 * account's type, dates and provider ids. Webhooks, the local test checkout, cancellation and the
 * sign-up after a trial checkout all come here with the state they have just read.
 *
 * Webhooks arrive in any order and concurrently; each re-reads the subscription, so the newest
 * read is the truth. The account's row is locked first (one writer per account at a time), and a
 * read older than the one already written changes nothing. Answers whether it wrote.
 */
export async function applySubscription(tx: Writer, state: ProviderSubscription, { userId, now }: ApplyOptions): Promise<boolean> {
  const ownerId = userId ?? state.userId ?? (await findOwner(tx, state));
  if (!ownerId) return false;
  const [user] = await tx.select().from(users).where(eq(users.id, ownerId)).for('update');
  if (!user) return false;

  const fields = subscriptionFields(state);
  const [written] = await tx
    .insert(subscriptions)
    .values({ userId: ownerId, ...fields, syncedAt: state.readAt, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: subscriptions.stripeSubscriptionId,
      set: { ...fields, syncedAt: state.readAt, updatedAt: now },
      setWhere: or(isNull(subscriptions.syncedAt), lte(subscriptions.syncedAt, state.readAt)),
    })
    .returning({ userId: subscriptions.userId, extensionMonths: subscriptions.referralExtensionMonths });
  // A stale read, or a subscription that belongs to another account: nothing to change.
  if (!written || written.userId !== ownerId) return false;

  const changes = accountChanges(user, state, { now, extensionMonths: written.extensionMonths });
  if (changes)
    await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, ownerId));
  return true;
}

/** Who bought it: the account already holding its row, else the account of its customer. */
async function findOwner(tx: Writer, state: ProviderSubscription): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, state.id));
  if (row) return row.userId;
  const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, state.customerId)).limit(1);
  return customer?.id;
}
