import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { findUserById, type User } from '../auth/current-user';
import { invitations, subscriptions, users } from '../db/schema';
import { becomingPro } from '../billing/account-changes';
import { applySubscription } from '../billing/apply-subscription';
import { paymentProvider } from '../billing/current-provider';
import type { ProviderSubscription } from '../billing/provider';
import { REFERRAL_PRO_DAYS } from '../../shared/plans';
import { dispatchMail, queueMail } from '../mail/outbox';
import { paths } from '../../shared/routes';
import { sameMailbox } from './address-identity';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Free months a sender can earn in any 365 days (docs/product/invitations.md, Referral limits). */
export const MAX_REFERRAL_MONTHS_A_YEAR = 12;

/** credited: on the provider's side; extended: 30 more days of Pro; counted: Pro without end, nothing to add. */
export type RewardOutcome = 'credited' | 'extended' | 'counted' | 'none';

/**
 * The sender's free month once the friend they invited has verified their address and saved a
 * first link (docs/product/invitations.md, Referral reward; run after each of the two, the later one rewards), once per
 * friend, never for the sender's own address variants (plus tags, Gmail dots, case), and at most
 * 12 months in any 365 days: the invitation's rewardClaimed is claimed by a conditional UPDATE in
 * the transaction that grants the month.
 *
 * A paying subscriber (a subscription that will renew) gets one month's price as a credit on the
 * provider's side, made first with an idempotency key, so a retried job never credits twice.
 * Anyone else gets 30 days of Pro from the later of now and the end of what they have. The sender
 * is told by e-mail, queued in the transaction that grants the month and sent after it commits.
 */
export async function rewardReferrer(ctx: AppContext, friendId: string, now = new Date()): Promise<RewardOutcome> {
  const { db } = ctx.database;
  const provider = paymentProvider(ctx);
  // Self-hosted, everyone has Pro for good: there is nothing to give.
  if (!provider) return 'none';
  const [pending] = await db
    .select({
      id: invitations.id,
      senderId: invitations.senderId,
      friendEmail: users.email,
      friendFirstName: users.firstName,
      friendLastName: users.lastName,
      recipientEmail: invitations.recipientEmail,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.recipientId))
    .where(
      and(
        eq(invitations.recipientId, friendId),
        eq(invitations.status, 'used'),
        eq(invitations.rewardClaimed, false),
        eq(users.emailVerified, true),
        gt(users.linkCount, 0),
      ),
    );
  const sender = pending && (await findUserById(db, pending.senderId));
  if (!pending || !sender) return 'none';
  const friendAddresses = [pending.friendEmail, pending.recipientEmail].filter((email): email is string => email !== null);
  if (friendAddresses.some((email) => sameMailbox(email, sender.email))) return 'none';
  if ((await monthsEarnedInAYear(ctx, sender.id, now)) >= MAX_REFERRAL_MONTHS_A_YEAR) return 'none';

  const subscription = sender.stripeSubscriptionId ? await provider.retrieveSubscription(sender.stripeSubscriptionId, now) : null;
  const paying = subscription !== null && renews(subscription);
  let credited: ProviderSubscription | null = null;
  if (paying) {
    await provider.creditOneMonth(subscription, `referral-${pending.id}`);
    // The credit may move the renewal (the local provider's does), so the subscription is read again.
    credited = await provider.retrieveSubscription(subscription.id, now);
  }

  const earned = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invitations)
      .set({ rewardClaimed: true, rewardedAt: now })
      .where(and(eq(invitations.id, pending.id), eq(invitations.rewardClaimed, false)))
      .returning({ id: invitations.id });
    if (!claimed) return null;
    const [current] = await tx.select().from(users).where(eq(users.id, sender.id)).for('update');
    const outcome = await grantMonth(tx, current, paying ? { credited } : null, now);
    const outboxId = await queueMail(tx, {
      userId: sender.id,
      to: sender.email,
      template: 'referral-month',
      props: {
        appUrl: ctx.config.appUrl,
        firstName: sender.firstName,
        friendName: [pending.friendFirstName, pending.friendLastName].filter(Boolean).join(' ') || pending.friendEmail,
        outcome:
          outcome.kind === 'extended'
            ? { kind: 'extended', proUntil: writtenDay(outcome.proUntil, sender.timezone) }
            : { kind: outcome.kind },
        invitationsUrl: `${ctx.config.appUrl}${paths.settings}`,
      },
    });
    return { outcome: outcome.kind, outboxId };
  });
  if (!earned) return 'none';
  await dispatchMail(ctx, earned.outboxId);
  return earned.outcome;
}

type Transaction = Parameters<Parameters<AppContext['database']['db']['transaction']>[0]>[0];
type Granted = { kind: 'credited' | 'counted' } | { kind: 'extended'; proUntil: Date };

/** The month itself, on the sender's locked row: a credit already made (paying), a count, or 30 more days of Pro. */
async function grantMonth(
  tx: Transaction,
  current: User,
  paid: { credited: ProviderSubscription | null } | null,
  now: Date,
): Promise<Granted> {
  const earned = { referralMonthsEarned: sql`${users.referralMonthsEarned} + 1`, updatedAt: now };
  if (paid) {
    if (paid.credited) await applySubscription(tx, paid.credited, { userId: current.id, now });
    await tx.update(users).set(earned).where(eq(users.id, current.id));
    return { kind: 'credited' };
  }
  // Pro with no end and nothing to charge (granted by hand): there is no later end to move.
  if (current.accountType === 'pro' && current.subscriptionEndsAt === null) {
    await tx.update(users).set(earned).where(eq(users.id, current.id));
    return { kind: 'counted' };
  }
  const proUntil = new Date(proTimeLeftFrom(current, now).getTime() + REFERRAL_PRO_DAYS * DAY_MS);
  await tx
    .update(users)
    .set({ ...earned, ...becomingPro(current, now), subscriptionEndsAt: proUntil })
    .where(eq(users.id, current.id));
  // A subscription set to end keeps the month on its row, so the provider's next news about it still counts it.
  if (current.stripeSubscriptionId) {
    await tx
      .update(subscriptions)
      .set({ referralExtensionMonths: sql`${subscriptions.referralExtensionMonths} + 1`, updatedAt: now })
      .where(and(eq(subscriptions.stripeSubscriptionId, current.stripeSubscriptionId), eq(subscriptions.userId, current.id)));
  }
  return { kind: 'extended', proUntil };
}

/** "Friday, March 20, 2026" in the sender's time zone. */
function writtenDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(instant);
}

async function monthsEarnedInAYear(ctx: AppContext, senderId: string, now: Date): Promise<number> {
  return ctx.database.db.$count(
    invitations,
    and(
      eq(invitations.senderId, senderId),
      eq(invitations.rewardClaimed, true),
      gt(invitations.rewardedAt, new Date(now.getTime() - 365 * DAY_MS)),
    ),
  );
}

/** Will be charged again: active or trialing (or retrying a payment), with no cancellation scheduled. */
function renews(subscription: ProviderSubscription): boolean {
  return ['trialing', 'active', 'past_due'].includes(subscription.status) && subscription.cancelAt === null;
}

/** Where the free month starts: after the Pro or trial time the account already has, else now. */
function proTimeLeftFrom(user: User, now: Date): Date {
  const ends = [now];
  if (user.accountType === 'pro' && user.subscriptionEndsAt) ends.push(user.subscriptionEndsAt);
  if (user.accountType === 'trial' && user.trialEndsAt) ends.push(user.trialEndsAt);
  return new Date(Math.max(...ends.map((end) => end.getTime())));
}
