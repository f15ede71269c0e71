import { eq } from 'drizzle-orm';
import { permissionUser, type User } from '../auth/current-user';
import { loadAccount, type RequestAuth } from '../auth/request-user';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { can, type Action } from '../../shared/permissions';
import {
  digestSettingsMessages as m,
  hasSeveralHoursADay,
  scheduleFromSettings,
  type DigestSettingsBody,
} from '../../shared/digest-settings';
import { nextWakeAfter, scheduleOf } from './schedule';

/**
 * Settings → Newsletter. Daily and custom schedules need Pro or a trial, several hours a day need
 * Pro; weekly (Friday 9:00 for free accounts, whatever is stored) and none are open to everyone.
 * The sweep's next look at the user is recomputed, except that a slot already due stays due.
 */
export async function updateDigestSettings(ctx: AppContext, auth: RequestAuth, body: DigestSettingsBody, now = new Date()): Promise<User> {
  const user = await loadAccount(ctx, auth);
  // The digest goes to the account's address; changing that is Profile's job (it re-verifies).
  if (body.email !== undefined && body.email !== user.email.toLowerCase()) {
    throw new HttpError(400, 'EMAIL_CHANGE_ELSEWHERE', m.emailElsewhere, { email: m.emailElsewhere });
  }
  const schedule = scheduleFromSettings(body, scheduleOf(user));
  if (schedule.frequency === 'daily' || schedule.frequency === 'custom') allow(ctx, auth, 'chooseDigestSchedule', m.scheduleIsPro);
  if (hasSeveralHoursADay(schedule)) allow(ctx, auth, 'scheduleSeveralDigestsADay', m.severalHoursIsPro);

  const columns = {
    emailFrequency: schedule.frequency,
    emailTime: schedule.time,
    emailDays: schedule.days,
    emailHours: schedule.hours,
    repeatUnit: schedule.repeatUnit,
    repeatInterval: schedule.repeatInterval,
    timezone: body.timezone ?? user.timezone,
  };
  const due = user.nextDigestAt !== null && user.nextDigestAt <= now && schedule.frequency !== 'none';
  const next = user.mailSuppressedAt ? null : due ? user.nextDigestAt : nextWakeAfter({ ...user, ...columns }, now);
  const [updated] = await ctx.database.db
    .update(users)
    .set({
      ...columns,
      trackReads: body.trackReads ?? user.trackReads,
      digestFromStash: body.digestFromStash ?? user.digestFromStash,
      digestHighlight: body.digestHighlight ?? user.digestHighlight,
      digestWeeklyRecap: body.digestWeeklyRecap ?? user.digestWeeklyRecap,
      nextDigestAt: next,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

/** ensureAllowed, with the message that names the Pro feature. */
function allow(ctx: AppContext, auth: RequestAuth, action: Action, message: string): void {
  if (!can(permissionUser(auth.user, ctx.config), action, { auth: auth.kind, billing: ctx.config.billing }))
    throw new HttpError(403, 'PRO_FEATURE', message);
}
