import type { Tier } from './permissions';
import { addDays, dayNumberOf, instantsAt, localDateAt, weekdayOf, type LocalDate } from './zoned-time';

/*
 * When digests go out (docs/product/digests.md, Schedule). Pure functions, used by the server's scheduler and by
 * the web app to show "next digest". Every hour is an hour of the wall clock in the user's zone:
 *
 *   daily    every day at `time`
 *   weekly   on the one day of `days`, at that day's hour in `hours` (else `time`)
 *   custom   on each day of `days` at its hour or hours, in every `repeatInterval`-th week (weeks
 *            start on Sunday and are counted from 1970, so "every 2 weeks" is the same weeks for
 *            everyone) or, with repeatUnit 'month', on the first such weekdays of every
 *            `repeatInterval`-th month (counted from January of year 0)
 *   none     never
 *
 * Daylight saving: an hour that does not exist that day is sent at the next hour that does; an
 * hour that occurs twice is sent once, at its first occurrence. Two hours that land on one
 * instant that way are one send.
 */

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'custom', 'none'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export type RepeatUnit = 'week' | 'month';

export interface DigestSchedule {
  frequency: DigestFrequency;
  /** The hour (0–23) of a daily digest, and of a day without its own hour. */
  time: number;
  /** Weekdays, 0 = Sunday … 6 = Saturday. */
  days: number[];
  /** Weekday ('0'–'6') to one hour, or to several (pro: "multiple digests per day"). */
  hours: Record<string, number | number[]>;
  repeatUnit: RepeatUnit;
  repeatInterval: number;
}

/** The most weeks or months between custom digests. */
export const MAX_REPEAT_INTERVAL = 12;

/** Free accounts (and expired trials): weekly, Friday at 9:00, whatever is stored (docs/product/digests.md, Free accounts' digest). */
export const FREE_SCHEDULE: DigestSchedule = {
  frequency: 'weekly',
  time: 9,
  days: [5],
  hours: { '5': 9 },
  repeatUnit: 'week',
  repeatInterval: 1,
};

/** What a user of this tier actually gets: their own schedule on pro and trial, else the free one. */
export function effectiveSchedule(stored: DigestSchedule, tier: Tier): DigestSchedule {
  if (stored.frequency === 'none' || tier === 'pro' || tier === 'trial') return stored;
  return FREE_SCHEDULE;
}

/** A monthly schedule can wait a year for its month; then one more month for its weekday. */
const SEARCH_DAYS = MAX_REPEAT_INTERVAL * 31 + 31;

/** The first send strictly after `after`, or null when the schedule never sends. */
export function nextSendAfter(schedule: DigestSchedule, zone: string, after: Date): Date | null {
  if (schedule.frequency === 'none') return null;
  const afterMs = after.getTime();
  const first = localDateAt(after, zone);
  let best: number | null = null;
  let lastDay = SEARCH_DAYS;
  for (let i = -1; i <= lastDay; i++) {
    const date = addDays(first, i);
    for (const hour of hoursOn(schedule, date)) {
      const instant = slotInstant(date, hour, zone);
      if (instant > afterMs && (best === null || instant < best)) best = instant;
    }
    // Slots of a later date are later, except one a gap pushed past midnight: one more date is enough.
    if (best !== null) lastDay = Math.min(lastDay, i + 1);
  }
  return best === null ? null : new Date(best);
}

/** Whether `instant` is one of the schedule's sends. */
export function isSendTime(schedule: DigestSchedule, zone: string, instant: Date): boolean {
  return nextSendAfter(schedule, zone, new Date(instant.getTime() - 1))?.getTime() === instant.getTime();
}

/** The hours of a date's sends under the schedule, sorted; none on a day without one. */
export function hoursOn(schedule: DigestSchedule, date: LocalDate): number[] {
  const weekday = weekdayOf(date);
  switch (schedule.frequency) {
    case 'none':
      return [];
    case 'daily':
      return [schedule.time];
    case 'weekly':
      return schedule.days[0] === weekday ? hoursOfDay(schedule, weekday) : [];
    case 'custom':
      return schedule.days.includes(weekday) && inRepeatPeriod(schedule, date) ? hoursOfDay(schedule, weekday) : [];
  }
}

function hoursOfDay(schedule: DigestSchedule, weekday: number): number[] {
  const hours = schedule.hours[String(weekday)] ?? schedule.time;
  return [...new Set(Array.isArray(hours) ? hours : [hours])].sort((a, b) => a - b);
}

function inRepeatPeriod(schedule: DigestSchedule, date: LocalDate): boolean {
  const interval = Math.max(1, schedule.repeatInterval);
  if (schedule.repeatUnit === 'month') return (date.year * 12 + date.month - 1) % interval === 0 && date.day <= 7;
  // 1970-01-01 was a Thursday: + 4 makes weeks start on Sunday.
  return Math.floor((dayNumberOf(date) + 4) / 7) % interval === 0;
}

/** The instant of a date's hour in the zone: the first occurrence, or the next hour that exists. */
function slotInstant(date: LocalDate, hour: number, zone: string): number {
  for (let h = hour; ; h++) {
    const [instant] = instantsAt(Date.UTC(date.year, date.month - 1, date.day, h), zone);
    if (instant !== undefined) return instant;
  }
}
