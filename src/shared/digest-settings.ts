import { z } from 'zod';
import { emailField, timezoneField } from './auth-schemas';
import { DIGEST_FREQUENCIES, MAX_REPEAT_INTERVAL, type DigestSchedule } from './digest-schedule';

/** Settings → Newsletter's texts (docs/product/digests.md, Newsletter settings). */
export const digestSettingsMessages = {
  incomplete: 'Please complete all required fields for your selected email frequency',
  frequencyInvalid: 'Please choose daily, weekly, custom or none',
  hourInvalid: 'Hours must be whole numbers from 0 to 23',
  weekdayInvalid: 'Days must be numbers from 0 (Sunday) to 6 (Saturday)',
  repeatUnitInvalid: 'Repeat every week or every month',
  repeatIntervalInvalid: `Repeat every 1 to ${MAX_REPEAT_INTERVAL} weeks or months`,
  weeklyOneDay: 'A weekly digest goes out on one day',
  scheduleIsPro: 'Daily and custom schedules are a Pro feature',
  severalHoursIsPro: 'Several digests a day are a Pro feature',
  emailElsewhere: 'To change your email address, use Settings → Profile.',
  saved: 'Email settings updated',
} as const;

const m = digestSettingsMessages;

const hour = z.number({ error: m.hourInvalid }).int(m.hourInvalid).min(0, m.hourInvalid).max(23, m.hourInvalid);
const weekday = z.number({ error: m.weekdayInvalid }).int(m.weekdayInvalid).min(0, m.weekdayInvalid).max(6, m.weekdayInvalid);
const dayKey = z.string().regex(/^[0-6]$/, m.weekdayInvalid);

/**
 * PUT /api/user/settings (docs/product/api.md): the frequency with what it needs — daily: emailTime;
 * weekly: one day of emailDays and its hour in emailHours (or emailTime); custom: the days, an hour
 * for each (several on pro), repeatUnit and repeatInterval — plus the time zone and read tracking.
 */
export const digestSettingsBody = z
  .object({
    email: emailField.optional(),
    emailFrequency: z.enum(DIGEST_FREQUENCIES, { error: m.frequencyInvalid }),
    emailTime: hour.nullish(),
    emailDays: z.array(weekday).max(7, m.weekdayInvalid).nullish(),
    emailHours: z
      .record(dayKey, z.union([hour, z.array(hour).min(1, m.hourInvalid).max(24, m.hourInvalid)]), {
        error: (issue) => (issue.code === 'invalid_key' ? m.weekdayInvalid : m.hourInvalid),
      })
      .nullish(),
    repeatUnit: z.enum(['week', 'month'], { error: m.repeatUnitInvalid }).nullish(),
    repeatInterval: z
      .number({ error: m.repeatIntervalInvalid })
      .int(m.repeatIntervalInvalid)
      .min(1, m.repeatIntervalInvalid)
      .max(MAX_REPEAT_INTERVAL, m.repeatIntervalInvalid)
      .nullish(),
    timezone: timezoneField.optional(),
    trackReads: z.boolean().optional(),
    digestFromStash: z.boolean().optional(),
    digestHighlight: z.boolean().optional(),
    digestWeeklyRecap: z.boolean().optional(),
  })
  .superRefine((body, check) => {
    if (body.emailFrequency === 'weekly' && (body.emailDays?.length ?? 0) > 1) {
      check.addIssue({ code: 'custom', message: m.weeklyOneDay, path: ['emailDays'] });
    } else if (!isComplete(body)) {
      check.addIssue({ code: 'custom', message: m.incomplete, path: ['emailFrequency'] });
    }
  });

export type DigestSettingsBody = z.infer<typeof digestSettingsBody>;

function isComplete(body: DigestSettingsBody): boolean {
  const days = body.emailDays ?? [];
  const hasHour = (day: number) => body.emailHours?.[String(day)] != null || body.emailTime != null;
  switch (body.emailFrequency) {
    case 'none':
      return true;
    case 'daily':
      return body.emailTime != null;
    case 'weekly':
      return days.length === 1 && hasHour(days[0]);
    case 'custom':
      return body.repeatInterval != null && body.repeatUnit != null && days.length > 0 && days.every(hasHour);
  }
}

/** The schedule columns a valid body stores. Daily clears days and hours; none keeps the rest for later. */
export function scheduleFromSettings(body: DigestSettingsBody, current: DigestSchedule): DigestSchedule {
  const time = body.emailTime ?? current.time;
  const days = [...new Set(body.emailDays ?? [])].sort((a, b) => a - b);
  const hoursFor = (day: number) => {
    const given = body.emailHours?.[String(day)] ?? time;
    const hours = [...new Set(Array.isArray(given) ? given : [given])].sort((a, b) => a - b);
    return hours.length === 1 ? hours[0] : hours;
  };
  switch (body.emailFrequency) {
    case 'none':
      return { ...current, frequency: 'none' };
    case 'daily':
      return { ...current, frequency: 'daily', time, days: [], hours: {} };
    case 'weekly':
      return { ...current, frequency: 'weekly', time, days, hours: { [days[0]]: hoursFor(days[0]) } };
    case 'custom':
      return {
        frequency: 'custom',
        time,
        days,
        hours: Object.fromEntries(days.map((day) => [String(day), hoursFor(day)])),
        repeatUnit: body.repeatUnit!,
        repeatInterval: body.repeatInterval!,
      };
  }
}

/** Whether any day of the schedule has more than one hour (pro only). */
export function hasSeveralHoursADay(schedule: DigestSchedule): boolean {
  return schedule.frequency !== 'none' && Object.values(schedule.hours).some((hours) => Array.isArray(hours) && hours.length > 1);
}
