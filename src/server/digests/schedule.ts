import type { User } from '../auth/current-user';
import type { Config } from '../config';
import { isTimeZone } from '../../shared/auth-schemas';
import { effectiveSchedule, FREE_SCHEDULE, nextSendAfter, type DigestSchedule, type RepeatUnit } from '../../shared/digest-schedule';
import { tierOf } from '../../shared/permissions';

/*
 * The scheduler's view of a user. users.next_digest_at holds the next moment the sweep looks at
 * them: the next send of their own schedule or of the free one, whichever is first. At that moment
 * their tier decides which schedule is theirs, so a trial that ends or a subscription that starts
 * changes their digests without anyone having to reschedule them.
 */

export type ScheduledUser = Pick<
  User,
  | 'emailFrequency'
  | 'emailTime'
  | 'emailDays'
  | 'emailHours'
  | 'repeatUnit'
  | 'repeatInterval'
  | 'timezone'
  | 'accountType'
  | 'trialEndsAt'
  | 'subscriptionEndsAt'
>;

export function scheduleOf(user: ScheduledUser): DigestSchedule {
  return {
    frequency: user.emailFrequency as DigestSchedule['frequency'],
    time: user.emailTime,
    days: user.emailDays,
    hours: user.emailHours,
    repeatUnit: user.repeatUnit as RepeatUnit,
    repeatInterval: user.repeatInterval,
  };
}

const knownZones = new Set<string>();

/** The user's zone; UTC for a name this runtime does not know (the API never stores one). */
export function zoneOf(user: Pick<User, 'timezone'>): string {
  // Checking a name builds an Intl formatter: costly once per digest of ten thousand.
  if (knownZones.has(user.timezone)) return user.timezone;
  if (!isTimeZone(user.timezone)) return 'UTC';
  knownZones.add(user.timezone);
  return user.timezone;
}

/** What the user gets now: their own schedule, or the free one for their tier. */
export function scheduleNow(user: ScheduledUser, config: Pick<Config, 'billing'>, now: Date): DigestSchedule {
  return effectiveSchedule(scheduleOf(user), tierOf(user, config.billing, now));
}

/** The next digest the user will get as things stand (Settings → Newsletter's "next digest"). */
export function nextDigestAfter(user: ScheduledUser, config: Pick<Config, 'billing'>, after: Date): Date | null {
  return nextSendAfter(scheduleNow(user, config, after), zoneOf(user), after);
}

/** When the sweep should next look at the user; null when they turned digests off. */
export function nextWakeAfter(user: ScheduledUser, after: Date): Date | null {
  const own = scheduleOf(user);
  if (own.frequency === 'none') return null;
  const zone = zoneOf(user);
  const times = [nextSendAfter(own, zone, after), nextSendAfter(FREE_SCHEDULE, zone, after)].filter((t): t is Date => t !== null);
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
}
