import type { CurrentUser } from '@shared/auth-schemas';
import { effectiveSchedule, FREE_SCHEDULE, type DigestFrequency, type DigestSchedule, type RepeatUnit } from '@shared/digest-schedule';
import { digestSettingsBody, type DigestSettingsBody } from '@shared/digest-settings';
import type { Tier } from '@shared/permissions';

/*
 * Settings → Newsletter's form as plain data: what it starts from (the user's schedule as the
 * server applies it to their tier) and the PUT /api/user/settings body it sends.
 */

/** docs/product/digests.md, Schedule: weekdays 0 (Sunday) to 6; a weekly digest starts on Friday at 8. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DEFAULT_WEEKLY_DAY = 5;
const DEFAULT_HOUR = 8;

export interface NewsletterFormValues {
  frequency: DigestFrequency;
  /** The daily digest's hour. */
  dailyHour: number;
  weeklyDay: number;
  weeklyHour: number;
  /** Custom: each chosen weekday ('0'–'6') with its hours, sorted; several only on Pro. */
  customHours: Record<string, number[]>;
  repeatUnit: RepeatUnit;
  repeatInterval: number;
  timezone: string;
  trackReads: boolean;
  fromStash: boolean;
  highlightOfTheDay: boolean;
  weeklyRecap: boolean;
}

/** The tiers that choose their own schedule; the rest get the free one whatever is stored. */
function choosesSchedule(tier: Tier): boolean {
  return tier === 'pro' || tier === 'trial';
}

/**
 * The form as the user's digests really go: a free account sees Friday 9:00 even if a trial left
 * another schedule stored. The time zone is the browser's while the account still has the
 * server's default (UTC), so a new setting starts in the zone the person lives in.
 */
export function formValuesFrom(user: CurrentUser, tier: Tier, browserZone: string): NewsletterFormValues {
  const schedule = effectiveSchedule(scheduleOf(user), tier);
  const weeklyDay = schedule.frequency === 'weekly' ? (schedule.days[0] ?? DEFAULT_WEEKLY_DAY) : DEFAULT_WEEKLY_DAY;
  const weeklyHour = schedule.frequency === 'weekly' ? hoursOf(schedule, weeklyDay)[0] : DEFAULT_HOUR;
  const customHours =
    schedule.frequency === 'custom'
      ? Object.fromEntries(schedule.days.map((day) => [String(day), hoursOf(schedule, day)]))
      : { [String(weeklyDay)]: [weeklyHour] };
  return {
    frequency: schedule.frequency,
    dailyHour: schedule.time,
    weeklyDay,
    weeklyHour,
    customHours,
    repeatUnit: schedule.repeatUnit,
    repeatInterval: schedule.repeatInterval,
    timezone: user.timezone === 'UTC' ? browserZone : user.timezone,
    trackReads: user.trackReads,
    fromStash: user.digestFromStash,
    highlightOfTheDay: user.digestHighlight,
    weeklyRecap: user.digestWeeklyRecap,
  };
}

/** The PUT /api/user/settings body: only what the chosen frequency needs (daily clears days and hours on the server). */
export function settingsBodyFrom(values: NewsletterFormValues, tier: Tier): DigestSettingsBody {
  const common = {
    timezone: values.timezone.trim(),
    trackReads: values.trackReads,
    digestFromStash: values.fromStash,
    digestHighlight: values.highlightOfTheDay,
    digestWeeklyRecap: values.weeklyRecap,
  };
  switch (values.frequency) {
    case 'none':
      return { emailFrequency: 'none', ...common };
    case 'daily':
      return { emailFrequency: 'daily', emailTime: values.dailyHour, ...common };
    case 'weekly': {
      // Free accounts get Friday 9:00 whatever they send; sending it keeps the stored schedule honest.
      const [day, hour] = choosesSchedule(tier) ? [values.weeklyDay, values.weeklyHour] : [FREE_SCHEDULE.days[0], FREE_SCHEDULE.time];
      return { emailFrequency: 'weekly', emailDays: [day], emailHours: { [String(day)]: hour }, ...common };
    }
    case 'custom': {
      const days = Object.keys(values.customHours)
        .map(Number)
        .sort((a, b) => a - b);
      const emailHours = Object.fromEntries(
        days.map((day) => {
          const hours = values.customHours[String(day)];
          return [String(day), hours.length === 1 ? hours[0] : hours];
        }),
      );
      return {
        emailFrequency: 'custom',
        emailDays: days,
        emailHours,
        repeatUnit: values.repeatUnit,
        repeatInterval: values.repeatInterval,
        ...common,
      };
    }
  }
}

/** Turns a custom day on (at the weekly hour) or off. */
export function toggleCustomDay(values: NewsletterFormValues, day: number): NewsletterFormValues {
  const key = String(day);
  const { [key]: existing, ...others } = values.customHours;
  return { ...values, customHours: existing ? others : { ...values.customHours, [key]: [values.weeklyHour] } };
}

/** Sets one of a custom day's hours (by position); the day's hours stay sorted and distinct. */
export function setCustomHour(values: NewsletterFormValues, day: number, index: number, hour: number): NewsletterFormValues {
  const hours = [...(values.customHours[String(day)] ?? [])];
  hours[index] = hour;
  return withDayHours(values, day, hours);
}

/** Pro: one more digest on a custom day, at the first free hour after its last one. */
export function addCustomHour(values: NewsletterFormValues, day: number): NewsletterFormValues {
  const hours = values.customHours[String(day)] ?? [];
  const taken = new Set(hours);
  const last = hours.at(-1) ?? DEFAULT_HOUR;
  const next = Array.from({ length: 24 }, (_, i) => (last + 1 + i) % 24).find((hour) => !taken.has(hour));
  return next === undefined ? values : withDayHours(values, day, [...hours, next]);
}

/** Removes one of a custom day's several hours; a day keeps at least one. */
export function removeCustomHour(values: NewsletterFormValues, day: number, index: number): NewsletterFormValues {
  const hours = values.customHours[String(day)] ?? [];
  return hours.length <= 1
    ? values
    : withDayHours(
        values,
        day,
        hours.filter((_, i) => i !== index),
      );
}

function withDayHours(values: NewsletterFormValues, day: number, hours: number[]): NewsletterFormValues {
  return { ...values, customHours: { ...values.customHours, [String(day)]: [...new Set(hours)].sort((a, b) => a - b) } };
}

/** Hours 0–23 as docs/product/digests.md, Schedule, shows them ('h:mm a'): 0 → "12:00 AM", 13 → "1:00 PM". */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${suffix}`;
}

/** The server's `fields` keys ("emailHours.1", "repeatInterval") mapped to the part of the form that shows them. */
export type NewsletterField = 'frequency' | 'days' | 'hours' | 'repeat' | 'timezone';

function formFieldOf(serverField: string): NewsletterField {
  const [name] = serverField.split('.');
  switch (name) {
    case 'emailDays':
      return 'days';
    case 'emailTime':
    case 'emailHours':
      return 'hours';
    case 'repeatUnit':
    case 'repeatInterval':
      return 'repeat';
    case 'timezone':
      return 'timezone';
    default:
      return 'frequency';
  }
}

/** The server's field messages, one per part of the form (the first wins). */
export function formErrorsFrom(fields: Record<string, string> | undefined): Partial<Record<NewsletterField, string>> {
  const errors: Partial<Record<NewsletterField, string>> = {};
  for (const [field, message] of Object.entries(fields ?? {})) errors[formFieldOf(field)] ??= message;
  return errors;
}

function scheduleOf(user: CurrentUser): DigestSchedule {
  return {
    frequency: user.emailFrequency,
    time: user.emailTime,
    days: user.emailDays,
    hours: user.emailHours,
    repeatUnit: user.repeatUnit === 'month' ? 'month' : 'week',
    repeatInterval: user.repeatInterval,
  };
}

function hoursOf(schedule: DigestSchedule, day: number): number[] {
  const hours = schedule.hours[String(day)] ?? schedule.time;
  return [...new Set(Array.isArray(hours) ? hours : [hours])].sort((a, b) => a - b);
}

/** The shared schema's verdict on a body before it is sent (docs/product/digests.md's messages), per part of the form. */
export function formErrorsOf(body: DigestSettingsBody): Partial<Record<NewsletterField, string>> {
  const result = digestSettingsBody.safeParse(body);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'emailFrequency'] ??= issue.message;
  return formErrorsFrom(fields);
}
