import { describe, expect, it } from 'vitest';
import type { DigestSchedule } from './digest-schedule';
import { digestSettingsBody, digestSettingsMessages as m, hasSeveralHoursADay, scheduleFromSettings } from './digest-settings';

const current: DigestSchedule = { frequency: 'daily', time: 8, days: [], hours: {}, repeatUnit: 'week', repeatInterval: 1 };

function firstError(body: unknown): string | undefined {
  const result = digestSettingsBody.safeParse(body);
  return result.success ? undefined : result.error.issues[0].message;
}

describe('digestSettingsBody', () => {
  it('accepts each frequency with what it needs', () => {
    expect(firstError({ emailFrequency: 'daily', emailTime: 7 })).toBeUndefined();
    expect(firstError({ emailFrequency: 'weekly', emailDays: [5], emailHours: { '5': 9 } })).toBeUndefined();
    expect(firstError({ emailFrequency: 'weekly', emailDays: [2], emailTime: 9 })).toBeUndefined();
    expect(
      firstError({
        emailFrequency: 'custom',
        emailDays: [1, 3],
        emailHours: { '1': 7, '3': [7, 19] },
        repeatUnit: 'week',
        repeatInterval: 2,
      }),
    ).toBeUndefined();
    expect(firstError({ emailFrequency: 'none' })).toBeUndefined();
  });

  it("asks to complete the frequency's fields with the product's message", () => {
    expect(firstError({ emailFrequency: 'daily' })).toBe(m.incomplete);
    expect(firstError({ emailFrequency: 'weekly', emailDays: [] })).toBe(m.incomplete);
    expect(firstError({ emailFrequency: 'weekly', emailDays: [5] })).toBe(m.incomplete);
    expect(firstError({ emailFrequency: 'custom', emailDays: [1], emailHours: { '1': 7 }, repeatUnit: 'week' })).toBe(m.incomplete);
    expect(firstError({ emailFrequency: 'custom', emailDays: [], emailTime: 7, repeatUnit: 'week', repeatInterval: 1 })).toBe(m.incomplete);
    expect(
      firstError({ emailFrequency: 'custom', emailDays: [1, 2], emailHours: { '1': 7 }, repeatUnit: 'month', repeatInterval: 1 }),
    ).toBe(m.incomplete);
  });

  it('refuses unknown frequencies, hours outside 0–23, weekdays outside 0–6, bad zones and e-mails', () => {
    expect(firstError({ emailFrequency: 'hourly', emailTime: 7 })).toBe(m.frequencyInvalid);
    expect(firstError({ emailFrequency: 'daily', emailTime: 24 })).toBe(m.hourInvalid);
    expect(firstError({ emailFrequency: 'daily', emailTime: 7.5 })).toBe(m.hourInvalid);
    expect(firstError({ emailFrequency: 'weekly', emailDays: [7], emailTime: 9 })).toBe(m.weekdayInvalid);
    expect(firstError({ emailFrequency: 'weekly', emailDays: [1], emailHours: { '8': 9 }, emailTime: 9 })).toBe(m.weekdayInvalid);
    expect(
      firstError({ emailFrequency: 'custom', emailDays: [1], emailHours: { '1': [7, -1] }, repeatUnit: 'week', repeatInterval: 1 }),
    ).toBe(m.hourInvalid);
    expect(firstError({ emailFrequency: 'daily', emailTime: 7, timezone: 'Mars/Olympus_Mons' })).toBe('Please choose a valid time zone');
    expect(firstError({ emailFrequency: 'daily', emailTime: 7, email: 'not an address' })).toBe('Please enter a valid email address');
    expect(firstError({ emailFrequency: 'weekly', emailDays: [1, 2], emailTime: 9 })).toBe(m.weeklyOneDay);
  });
});

describe('scheduleFromSettings', () => {
  const parse = (body: unknown) => scheduleFromSettings(digestSettingsBody.parse(body), { ...current, days: [2], hours: { '2': 6 } });

  it('clears days and hours for a daily digest', () => {
    expect(parse({ emailFrequency: 'daily', emailTime: 6 })).toEqual({ ...current, time: 6 });
  });

  it('keeps one day and its hour for a weekly digest', () => {
    expect(parse({ emailFrequency: 'weekly', emailDays: [5], emailHours: { '5': 9, '1': 3 } })).toMatchObject({
      frequency: 'weekly',
      days: [5],
      hours: { '5': 9 },
    });
  });

  it('gives each custom day its hours, sorted and without repeats, falling back to the time', () => {
    expect(
      parse({
        emailFrequency: 'custom',
        emailTime: 10,
        emailDays: [3, 1, 3],
        emailHours: { '1': [19, 7, 7] },
        repeatUnit: 'month',
        repeatInterval: 2,
      }),
    ).toEqual({
      frequency: 'custom',
      time: 10,
      days: [1, 3],
      hours: { '1': [7, 19], '3': 10 },
      repeatUnit: 'month',
      repeatInterval: 2,
    });
  });

  it('keeps the rest of the schedule when digests are turned off', () => {
    expect(parse({ emailFrequency: 'none' })).toEqual({ ...current, frequency: 'none', days: [2], hours: { '2': 6 } });
  });
});

describe('hasSeveralHoursADay', () => {
  it('tells a day with two hours from days with one', () => {
    expect(hasSeveralHoursADay({ ...current, frequency: 'custom', days: [1], hours: { '1': [7, 19] } })).toBe(true);
    expect(hasSeveralHoursADay({ ...current, frequency: 'custom', days: [1], hours: { '1': 7 } })).toBe(false);
  });
});
