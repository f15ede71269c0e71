import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadUser, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { Tier } from '../../shared/permissions';
import { digestSettingsMessages as m } from '../../shared/digest-settings';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const put = (as: SignedInUser, payload: object) => t.app.inject({ method: 'PUT', url: '/api/user/settings', headers: as.headers, payload });
const as = (tier: Tier, overrides = {}) => signedInUser(t, tier, overrides);

describe('PUT /api/user/settings', () => {
  it('saves a daily digest, clearing days and hours, with the time zone, and schedules the next one', async () => {
    const user = await as('trial', { emailFrequency: 'weekly', emailDays: [5], emailHours: { '5': 9 } });
    const res = await put(user, {
      email: user.user.email,
      emailFrequency: 'daily',
      emailTime: 7,
      timezone: 'Asia/Kolkata',
      trackReads: false,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emailFrequency: 'daily',
      emailTime: 7,
      emailDays: [],
      emailHours: {},
      timezone: 'Asia/Kolkata',
      trackReads: false,
    });
    const next = (await reloadUser(t.ctx, user.user.id)).nextDigestAt!;
    // 7:00 in Kolkata is 01:30 UTC; the free tier's Friday 9:00 may come first, never anything else.
    expect(['01:30', '03:30']).toContain(next.toISOString().slice(11, 16));
  });

  it('saves weekly (one day and its hour) and custom (days with their hours, interval and unit)', async () => {
    const user = await as('trial');
    expect((await put(user, { emailFrequency: 'weekly', emailDays: [2], emailHours: { '2': 18 } })).json()).toMatchObject({
      emailFrequency: 'weekly',
      emailDays: [2],
      emailHours: { '2': 18 },
    });
    const custom = await put(user, {
      emailFrequency: 'custom',
      emailDays: [1, 4],
      emailHours: { '1': 7, '4': 20 },
      repeatUnit: 'month',
      repeatInterval: 2,
    });
    expect(custom.json()).toMatchObject({
      emailFrequency: 'custom',
      emailDays: [1, 4],
      emailHours: { '1': 7, '4': 20 },
      repeatUnit: 'month',
      repeatInterval: 2,
    });
  });

  it('turns the digest\'s "From your stash" and weekly recap off and on, for every tier', async () => {
    const free = await as('free');
    const off = await put(free, {
      emailFrequency: 'weekly',
      emailDays: [5],
      emailHours: { '5': 9 },
      digestFromStash: false,
      digestWeeklyRecap: false,
    });
    expect(off.json()).toMatchObject({ digestFromStash: false, digestWeeklyRecap: false });
    expect(await reloadUser(t.ctx, free.user.id)).toMatchObject({ digestFromStash: false, digestWeeklyRecap: false });
    const on = await put(free, { emailFrequency: 'weekly', emailDays: [5], emailHours: { '5': 9 }, digestFromStash: true });
    expect(on.json()).toMatchObject({ digestFromStash: true, digestWeeklyRecap: false });
  });

  it('lets pro give a day several hours, not a trial', async () => {
    const body = { emailFrequency: 'custom', emailDays: [1], emailHours: { '1': [19, 7] }, repeatUnit: 'week', repeatInterval: 1 };
    const pro = await put(await as('pro'), body);
    expect(pro.statusCode).toBe(200);
    expect(pro.json().emailHours).toEqual({ '1': [7, 19] });
    const trial = await put(await as('trial'), body);
    expect(trial.statusCode).toBe(403);
    expect(trial.json().message).toBe(m.severalHoursIsPro);
  });

  it('keeps daily and custom for pro and trial: a free account may choose weekly or none only', async () => {
    const free = await as('free');
    for (const body of [
      { emailFrequency: 'daily', emailTime: 7 },
      { emailFrequency: 'custom', emailDays: [1], emailHours: { '1': 7 }, repeatUnit: 'week', repeatInterval: 1 },
    ]) {
      const res = await put(free, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(m.scheduleIsPro);
    }
    expect((await put(free, { emailFrequency: 'weekly', emailDays: [5], emailHours: { '5': 9 } })).statusCode).toBe(200);
    expect((await put(free, { emailFrequency: 'none' })).json()).toMatchObject({ emailFrequency: 'none' });
    expect((await reloadUser(t.ctx, free.user.id)).nextDigestAt).toBeNull();
  });

  it('refuses invalid values with 400 and changes nothing', async () => {
    const user = await as('pro', { emailFrequency: 'weekly', emailDays: [5], emailHours: { '5': 9 }, timezone: 'Europe/Berlin' });
    const before = await reloadUser(t.ctx, user.user.id);
    const cases: [object, string][] = [
      [{ emailFrequency: 'hourly', emailTime: 7 }, m.frequencyInvalid],
      [{ emailFrequency: 'daily', emailTime: 24 }, m.hourInvalid],
      [{ emailFrequency: 'weekly', emailDays: [7], emailHours: { '7': 9 } }, m.weekdayInvalid],
      [{ emailFrequency: 'daily', emailTime: 7, timezone: 'Not/AZone' }, 'Please choose a valid time zone'],
      [{ emailFrequency: 'custom', emailDays: [1], repeatUnit: 'week' }, m.incomplete],
      [{ emailFrequency: 'daily' }, m.incomplete],
      [{ emailFrequency: 'daily', emailTime: 7, email: 'someone-else@example.com' }, m.emailElsewhere],
    ];
    for (const [body, message] of cases) {
      const res = await put(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await reloadUser(t.ctx, user.user.id)).toEqual(before);
  });

  it('needs a signed-in user from our own origin', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/user/settings',
          headers: { origin: 'http://localhost:3000' },
          payload: { emailFrequency: 'none' },
        })
      ).statusCode,
    ).toBe(401);
    const user = await as('trial');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: { ...user.headers, origin: 'https://evil.example' },
      payload: { emailFrequency: 'none' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
