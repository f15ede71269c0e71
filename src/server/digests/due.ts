import { and, asc, isNull, lte, ne, sql } from 'drizzle-orm';
import type { User } from '../auth/current-user';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { isSendTime } from '../../shared/digest-schedule';
import { nextWakeAfter, scheduleNow, zoneOf } from './schedule';
import { OVERDUE_AFTER_MS } from './send';
import type { Slot } from './send-rows';

/** Users taken per transaction: their rows stay locked only that long. */
const CHUNK = 1000;

/**
 * Finds the users whose next_digest_at has come, a chunk at a time (FOR UPDATE SKIP LOCKED, so two
 * sweeps never take the same user), records each slot that is a send under their tier as a
 * pending row (or skipped, when over 6 hours late), and moves next_digest_at on. Answers the
 * pending slots, for the caller to enqueue after each commit.
 */
export async function takeDueSlots(ctx: AppContext, now: Date, enqueue: (slots: Slot[]) => Promise<void>): Promise<number> {
  let taken = 0;
  for (;;) {
    const { count, pending } = await ctx.database.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(users)
        .where(lte(users.nextDigestAt, now))
        .orderBy(asc(users.nextDigestAt))
        .limit(CHUNK)
        .for('update', { skipLocked: true });
      const pending = await recordSlots(
        tx,
        due.flatMap((user) => slotRow(ctx, user, now)),
      );
      await setNextDigestAt(
        tx,
        due.map((user) => ({ id: user.id, next: user.mailSuppressedAt ? null : nextWakeAfter(user, now) })),
      );
      return { count: due.length, pending };
    });
    taken += count;
    // Enqueued after the commit: a job must find its row, and the embedded pool has one connection.
    await enqueue(pending);
    if (count < CHUNK) return taken;
  }
}

type SlotRow = Slot & { status: 'pending' | 'skipped'; error: string | null };

/** The slot's row: a send if the user's tier (as it was then) has a digest at that time. */
function slotRow(ctx: AppContext, user: User, now: Date): SlotRow[] {
  const slot = user.nextDigestAt!;
  if (user.mailSuppressedAt || !isSendTime(scheduleNow(user, ctx.config, slot), zoneOf(user), slot)) return [];
  const overdue = now.getTime() - slot.getTime() > OVERDUE_AFTER_MS;
  return [{ userId: user.id, scheduledFor: slot, status: overdue ? 'skipped' : 'pending', error: overdue ? 'overdue' : null }];
}

/** Inserts the rows (a slot already recorded stays as it is); answers the pending slots it recorded. */
async function recordSlots(db: Pick<Db, 'execute'>, rows: SlotRow[]): Promise<Slot[]> {
  if (rows.length === 0) return [];
  const { rows: recorded } = await db.execute<{ user_id: string; scheduled_for: string; status: string }>(sql`
    insert into digest_sends (user_id, scheduled_for, status, error)
    select * from unnest(${sql.param(rows.map((r) => r.userId))}::uuid[], ${sql.param(rows.map((r) => r.scheduledFor))}::timestamptz[],
                         ${sql.param(rows.map((r) => r.status))}::text[], ${sql.param(rows.map((r) => r.error))}::text[])
    on conflict do nothing
    returning user_id, scheduled_for, status`);
  return recorded
    .filter((row) => row.status === 'pending')
    .map((row) => ({ userId: row.user_id, scheduledFor: new Date(row.scheduled_for) }));
}

/** `stillWaiting`: leave a user whose time a settings change (or a sweep) has set meanwhile. */
async function setNextDigestAt(
  db: Pick<Db, 'execute'>,
  changes: { id: string; next: Date | null }[],
  options: { stillWaiting?: boolean } = {},
): Promise<void> {
  if (changes.length === 0) return;
  const waiting = options.stillWaiting
    ? sql`and u.next_digest_at is null and u.email_frequency <> 'none' and u.mail_suppressed_at is null`
    : sql``;
  await db.execute(sql`
    update users u set next_digest_at = c.next
    from unnest(${sql.param(changes.map((c) => c.id))}::uuid[], ${sql.param(changes.map((c) => c.next))}::timestamptz[]) as c(id, next)
    where u.id = c.id ${waiting}`);
}

/**
 * Gives a first next_digest_at to users who have a schedule but none yet (new accounts, a changed
 * address after a bounce): the sign-up paths need not know about digests.
 */
export async function adoptSchedules(ctx: AppContext, now: Date): Promise<number> {
  const waiting = and(isNull(users.nextDigestAt), ne(users.emailFrequency, 'none'), isNull(users.mailSuppressedAt));
  const found = await ctx.database.db.select().from(users).where(waiting).limit(CHUNK);
  await setNextDigestAt(
    ctx.database.db,
    found.map((user) => ({ id: user.id, next: nextWakeAfter(user, now) })),
    { stillWaiting: true },
  );
  return found.length;
}
