import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { User } from '../auth/current-user';
import type { AppContext } from '../context';
import { trialRemindersSent, users } from '../db/schema';
import { dispatchMail, queueMail } from '../mail/outbox';
import { zoneOf } from '../digests/schedule';
import { trialStatus } from '../../shared/trial';
import { DAY_MS } from '../../shared/zoned-time';

/**
 * Trial reminders (docs/product/digests.md, Trial reminders): at 7, 3 and 1 days left and on the day the trial ends, each
 * once (a row of trial_reminders_sent, unique per user and day count), never to pro accounts.
 * Days left follow the one rule of docs/product/plans-and-billing.md, Days left (rounded up); 0 is "it has ended", sent within
 * a day of the end. A sweep that missed a day sends only the reminder now due, never a backlog.
 */
export function reminderDue(trialEndsAt: Date, now: Date): number | null {
  const left = trialEndsAt.getTime() - now.getTime();
  if (left <= 0) return left > -DAY_MS ? 0 : null;
  const { daysRemaining } = trialStatus({ accountType: 'trial', trialEndsAt, subscriptionEndsAt: null }, now);
  return [1, 3, 7].find((days) => daysRemaining <= days) ?? null;
}

export async function sendTrialReminders(ctx: AppContext, now: Date): Promise<number> {
  // Self-hosted: everyone is Pro, nobody has a trial.
  if (ctx.config.billing === 'off') return 0;
  const { db } = ctx.database;
  const trials = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.accountType, 'trial'),
        gt(users.trialEndsAt, new Date(now.getTime() - DAY_MS)),
        lte(users.trialEndsAt, new Date(now.getTime() + 7 * DAY_MS)),
        // A trial with a card on file turns into Pro by itself: no "upgrade" reminders.
        isNull(users.stripeSubscriptionId),
        isNull(users.mailSuppressedAt),
      ),
    );
  let sent = 0;
  for (const user of trials) {
    const days = reminderDue(user.trialEndsAt!, now);
    if (days !== null && (await remind(ctx, user, days, now))) sent += 1;
  }
  return sent;
}

/** The reminder and its record in one transaction: a second run finds the record and sends nothing. */
async function remind(ctx: AppContext, user: User, daysRemaining: number, now: Date): Promise<boolean> {
  const zone = zoneOf(user);
  const outboxId = await ctx.database.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(trialRemindersSent)
      .values({
        userId: user.id,
        daysRemaining,
        sentAt: now,
        sentDateString: new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now),
      })
      .onConflictDoNothing()
      .returning();
    if (!recorded) return null;
    return queueMail(tx, {
      userId: user.id,
      to: user.email,
      template: 'trial-reminder',
      props: {
        appUrl: ctx.config.appUrl,
        firstName: user.firstName,
        daysRemaining,
        endsAt: `on ${new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }).format(user.trialEndsAt!)}`,
        upgradeUrl: `${ctx.config.appUrl}/upgrade-trial`,
      },
    });
  });
  if (outboxId) await dispatchMail(ctx, outboxId);
  return outboxId !== null;
}
