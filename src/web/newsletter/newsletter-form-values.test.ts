import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@shared/auth-schemas';
import { digestSettingsMessages } from '@shared/digest-settings';
import {
  addCustomHour,
  formErrorsFrom,
  formErrorsOf,
  formValuesFrom,
  hourLabel,
  removeCustomHour,
  setCustomHour,
  settingsBodyFrom,
  toggleCustomDay,
  type NewsletterFormValues,
} from './newsletter-form-values';

const user = (schedule: Partial<CurrentUser> = {}) =>
  ({
    emailFrequency: 'daily',
    emailTime: 8,
    emailDays: [],
    emailHours: {},
    repeatUnit: 'week',
    repeatInterval: 1,
    timezone: 'Europe/Berlin',
    trackReads: true,
    digestFromStash: true,
    digestHighlight: true,
    digestWeeklyRecap: false,
    ...schedule,
  }) as CurrentUser;

const values = (overrides: Partial<NewsletterFormValues> = {}): NewsletterFormValues => ({
  frequency: 'custom',
  dailyHour: 8,
  weeklyDay: 5,
  weeklyHour: 8,
  customHours: {},
  repeatUnit: 'week',
  repeatInterval: 1,
  timezone: 'Europe/Berlin',
  trackReads: true,
  fromStash: true,
  highlightOfTheDay: true,
  weeklyRecap: true,
  ...overrides,
});

describe('formValuesFrom', () => {
  it('starts from the stored schedule on pro and trial', () => {
    const custom = formValuesFrom(
      user({ emailFrequency: 'custom', emailDays: [1, 4], emailHours: { '1': [19, 7], '4': 20 }, repeatUnit: 'month', repeatInterval: 2 }),
      'pro',
      'UTC',
    );
    expect(custom).toMatchObject({ frequency: 'custom', customHours: { '1': [7, 19], '4': [20] }, repeatUnit: 'month', repeatInterval: 2 });
    const weekly = formValuesFrom(user({ emailFrequency: 'weekly', emailDays: [2], emailHours: { '2': 18 } }), 'trial', 'UTC');
    expect(weekly).toMatchObject({ frequency: 'weekly', weeklyDay: 2, weeklyHour: 18, customHours: { '2': [18] } });
  });

  it('shows a free account the Friday 9:00 digest it really gets, unless digests are off', () => {
    expect(formValuesFrom(user({ emailFrequency: 'daily', emailTime: 6 }), 'free', 'UTC')).toMatchObject({
      frequency: 'weekly',
      weeklyDay: 5,
      weeklyHour: 9,
    });
    expect(formValuesFrom(user({ emailFrequency: 'custom' }), 'trialExpired', 'UTC')).toMatchObject({
      frequency: 'weekly',
      weeklyDay: 5,
      weeklyHour: 9,
    });
    expect(formValuesFrom(user({ emailFrequency: 'none' }), 'free', 'UTC').frequency).toBe('none');
  });

  it('carries the digest\'s "From your stash" and weekly recap choices', () => {
    expect(formValuesFrom(user({}), 'trial', 'UTC')).toMatchObject({ fromStash: true, weeklyRecap: false });
  });

  it("suggests the browser's time zone while the account has the default one", () => {
    expect(formValuesFrom(user({ timezone: 'UTC' }), 'trial', 'America/New_York').timezone).toBe('America/New_York');
    expect(formValuesFrom(user({ timezone: 'Asia/Kolkata' }), 'trial', 'America/New_York').timezone).toBe('Asia/Kolkata');
  });
});

describe('settingsBodyFrom', () => {
  it('sends only what each frequency needs', () => {
    expect(settingsBodyFrom(values({ frequency: 'daily', dailyHour: 7 }), 'trial')).toEqual({
      emailFrequency: 'daily',
      emailTime: 7,
      timezone: 'Europe/Berlin',
      trackReads: true,
      digestFromStash: true,
      digestHighlight: true,
      digestWeeklyRecap: true,
    });
    expect(settingsBodyFrom(values({ frequency: 'weekly', weeklyDay: 2, weeklyHour: 18 }), 'pro')).toEqual({
      emailFrequency: 'weekly',
      emailDays: [2],
      emailHours: { '2': 18 },
      timezone: 'Europe/Berlin',
      trackReads: true,
      digestFromStash: true,
      digestHighlight: true,
      digestWeeklyRecap: true,
    });
    expect(settingsBodyFrom(values({ frequency: 'none', trackReads: false, weeklyRecap: false }), 'free')).toEqual({
      emailFrequency: 'none',
      timezone: 'Europe/Berlin',
      trackReads: false,
      digestFromStash: true,
      digestHighlight: true,
      digestWeeklyRecap: false,
    });
  });

  it('sends custom days in order, one hour as a number and several as a list', () => {
    const body = settingsBodyFrom(values({ customHours: { '4': [20], '1': [7, 19] }, repeatUnit: 'month', repeatInterval: 3 }), 'pro');
    expect(body).toEqual({
      emailFrequency: 'custom',
      emailDays: [1, 4],
      emailHours: { '1': [7, 19], '4': 20 },
      repeatUnit: 'month',
      repeatInterval: 3,
      timezone: 'Europe/Berlin',
      trackReads: true,
      digestFromStash: true,
      digestHighlight: true,
      digestWeeklyRecap: true,
    });
  });

  it('sends Friday 9:00 for a free weekly digest whatever the form holds', () => {
    expect(settingsBodyFrom(values({ frequency: 'weekly', weeklyDay: 1, weeklyHour: 6 }), 'free')).toMatchObject({
      emailDays: [5],
      emailHours: { '5': 9 },
    });
  });
});

describe('custom days and hours', () => {
  it('turns a day on at the weekly hour, and off again', () => {
    const on = toggleCustomDay(values({ weeklyHour: 18 }), 3);
    expect(on.customHours).toEqual({ '3': [18] });
    expect(toggleCustomDay(on, 3).customHours).toEqual({});
  });

  it('keeps a day’s hours sorted and distinct, and at least one', () => {
    let form = values({ customHours: { '1': [7] } });
    form = addCustomHour(form, 1);
    expect(form.customHours['1']).toEqual([7, 8]);
    form = setCustomHour(form, 1, 1, 6);
    expect(form.customHours['1']).toEqual([6, 7]);
    form = setCustomHour(form, 1, 0, 7);
    expect(form.customHours['1']).toEqual([7]);
    expect(removeCustomHour(form, 1, 0).customHours['1']).toEqual([7]);
    expect(addCustomHour(values({ customHours: { '1': [23] } }), 1).customHours['1']).toEqual([0, 23]);
  });
});

describe('validation', () => {
  it("gives the product's message for a custom schedule without days, under the frequency", () => {
    expect(formErrorsOf(settingsBodyFrom(values({ customHours: {} }), 'pro'))).toEqual({ frequency: digestSettingsMessages.incomplete });
    expect(formErrorsOf(settingsBodyFrom(values({ customHours: { '1': [7] } }), 'pro'))).toEqual({});
  });

  it('refuses a time zone the browser does not know', () => {
    expect(formErrorsOf(settingsBodyFrom(values({ frequency: 'none', timezone: 'Mars/Olympus' }), 'pro'))).toEqual({
      timezone: 'Please choose a valid time zone',
    });
  });

  it("puts the server's field messages next to the controls they are about", () => {
    expect(
      formErrorsFrom({
        'emailHours.1': 'Hours must be whole numbers from 0 to 23',
        timezone: 'Please choose a valid time zone',
        repeatInterval: 'x',
      }),
    ).toEqual({
      hours: 'Hours must be whole numbers from 0 to 23',
      timezone: 'Please choose a valid time zone',
      repeat: 'x',
    });
    expect(formErrorsFrom(undefined)).toEqual({});
  });
});

describe('hourLabel', () => {
  it("writes hours as 'h:mm a'", () => {
    expect([0, 9, 12, 13, 23].map(hourLabel)).toEqual(['12:00 AM', '9:00 AM', '12:00 PM', '1:00 PM', '11:00 PM']);
  });
});
