import { describe, expect, it } from 'vitest';
import { effectiveSchedule, FREE_SCHEDULE, isSendTime, nextSendAfter, type DigestSchedule } from './digest-schedule';

const base: DigestSchedule = { frequency: 'daily', time: 8, days: [], hours: {}, repeatUnit: 'week', repeatInterval: 1 };
const daily = (time: number): DigestSchedule => ({ ...base, time });
const at = (iso: string) => new Date(iso);

/** The sends after `from`, one after the other. */
function sends(schedule: DigestSchedule, zone: string, from: string, count: number): string[] {
  const out: string[] = [];
  let after = at(from);
  for (let i = 0; i < count; i++) {
    after = nextSendAfter(schedule, zone, after)!;
    out.push(after.toISOString());
  }
  return out;
}

describe('nextSendAfter: daylight saving', () => {
  it('America/New_York 2026-03-08: 2:00 does not exist, so that day it goes at 3:00 EDT', () => {
    expect(sends(daily(2), 'America/New_York', '2026-03-06T12:00:00Z', 4)).toEqual([
      '2026-03-07T07:00:00.000Z', // 2:00 EST
      '2026-03-08T07:00:00.000Z', // 3:00 EDT
      '2026-03-09T06:00:00.000Z', // 2:00 EDT
      '2026-03-10T06:00:00.000Z',
    ]);
  });

  it('America/New_York 2026-03-08: a 2:00 and a 3:00 digest become one send', () => {
    const schedule: DigestSchedule = { ...base, frequency: 'custom', days: [0], hours: { '0': [2, 3] } };
    expect(sends(schedule, 'America/New_York', '2026-03-07T12:00:00Z', 3)).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-15T06:00:00.000Z', // the next Sunday: 2:00 EDT
      '2026-03-15T07:00:00.000Z', // and 3:00 EDT
    ]);
  });

  it('America/New_York 2026-11-01: 1:00 happens twice and is sent once, at the first', () => {
    expect(sends(daily(1), 'America/New_York', '2026-10-31T12:00:00Z', 3)).toEqual([
      '2026-11-01T05:00:00.000Z', // 1:00 EDT; 1:00 EST (06:00Z) is not another send
      '2026-11-02T06:00:00.000Z',
      '2026-11-03T06:00:00.000Z',
    ]);
  });

  it('Europe/Berlin 2026-03-29: 2:00 goes at 3:00 CEST', () => {
    expect(sends(daily(2), 'Europe/Berlin', '2026-03-28T12:00:00Z', 2)).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-30T00:00:00.000Z']);
  });

  it('Europe/Berlin 2026-10-25: 2:00 happens twice and is sent once', () => {
    expect(sends(daily(2), 'Europe/Berlin', '2026-10-24T12:00:00Z', 2)).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-26T01:00:00.000Z']);
  });

  it('Asia/Kolkata (+5:30): 8:00 is 02:30 UTC', () => {
    expect(sends(daily(8), 'Asia/Kolkata', '2026-06-01T00:00:00Z', 2)).toEqual(['2026-06-01T02:30:00.000Z', '2026-06-02T02:30:00.000Z']);
  });

  it('Pacific/Chatham (+12:45/+13:45): 3:00 missing on 2026-09-27 goes at 4:00; doubled on 2026-04-05, sent once', () => {
    expect(sends(daily(3), 'Pacific/Chatham', '2026-09-25T15:00:00Z', 2)).toEqual(['2026-09-26T14:15:00.000Z', '2026-09-27T13:15:00.000Z']);
    expect(sends(daily(3), 'Pacific/Chatham', '2026-04-03T15:00:00Z', 2)).toEqual(['2026-04-04T13:15:00.000Z', '2026-04-05T14:15:00.000Z']);
  });

  it('Australia/Sydney (southern hemisphere): clocks go forward on 2026-10-04 and back on 2026-04-05', () => {
    expect(sends(daily(2), 'Australia/Sydney', '2026-10-02T17:00:00Z', 2)).toEqual([
      '2026-10-03T16:00:00.000Z',
      '2026-10-04T15:00:00.000Z',
    ]);
    expect(sends(daily(2), 'Australia/Sydney', '2026-04-03T17:00:00Z', 2)).toEqual([
      '2026-04-04T15:00:00.000Z',
      '2026-04-05T16:00:00.000Z',
    ]);
  });
});

describe('nextSendAfter: frequencies', () => {
  it('sends a weekly digest on its day at its hour, 7 days apart across a clock change', () => {
    const fridays = { ...base, frequency: 'weekly', days: [5], hours: { '5': 9 } } satisfies DigestSchedule;
    expect(sends(fridays, 'America/New_York', '2026-10-28T00:00:00Z', 3)).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-11-06T14:00:00.000Z',
      '2026-11-13T14:00:00.000Z',
    ]);
  });

  it('gives a weekly day without its own hour the daily time', () => {
    const mondays = { ...base, frequency: 'weekly', time: 7, days: [1], hours: {} } satisfies DigestSchedule;
    expect(nextSendAfter(mondays, 'UTC', at('2026-06-01T07:00:00Z'))?.toISOString()).toBe('2026-06-08T07:00:00.000Z');
  });

  it('sends custom days at each of their hours, in every other week', () => {
    const schedule: DigestSchedule = { ...base, frequency: 'custom', days: [1, 3], hours: { '1': [18, 7], '3': 12 }, repeatInterval: 2 };
    // Weeks are counted from 1970: the week of Sunday 2026-05-31 is an even one, so it sends.
    const out = sends(schedule, 'UTC', '2026-05-31T00:00:00Z', 6);
    const weekdays = out.map((iso) => new Date(iso).getUTCDay());
    expect(weekdays).toEqual([1, 1, 3, 1, 1, 3]);
    expect(new Date(out[3]).getTime() - new Date(out[0]).getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    expect(out.map((iso) => new Date(iso).getUTCHours())).toEqual([7, 18, 12, 7, 18, 12]);
  });

  it('sends monthly on the first matching weekday of every Nth month', () => {
    const schedule: DigestSchedule = {
      ...base,
      frequency: 'custom',
      days: [2],
      hours: { '2': 10 },
      repeatUnit: 'month',
      repeatInterval: 3,
    };
    const out = sends(schedule, 'Europe/Berlin', '2026-01-01T00:00:00Z', 3);
    // Months 0, 3, 6 … counted from January of year 0: January, April, July.
    expect(out).toEqual(['2026-01-06T09:00:00.000Z', '2026-04-07T08:00:00.000Z', '2026-07-07T08:00:00.000Z']);
  });

  it('never sends with frequency none', () => {
    expect(nextSendAfter({ ...base, frequency: 'none' }, 'UTC', at('2026-06-01T00:00:00Z'))).toBeNull();
  });

  it('answers strictly after the given instant', () => {
    expect(nextSendAfter(daily(8), 'UTC', at('2026-06-01T08:00:00Z'))?.toISOString()).toBe('2026-06-02T08:00:00.000Z');
    expect(nextSendAfter(daily(8), 'UTC', at('2026-06-01T07:59:59.999Z'))?.toISOString()).toBe('2026-06-01T08:00:00.000Z');
  });
});

describe('isSendTime', () => {
  it('knows the first 1:00 of 2026-11-01 in New York is a send and the second is not', () => {
    expect(isSendTime(daily(1), 'America/New_York', at('2026-11-01T05:00:00Z'))).toBe(true);
    expect(isSendTime(daily(1), 'America/New_York', at('2026-11-01T06:00:00Z'))).toBe(false);
  });
});

describe('effectiveSchedule', () => {
  const custom: DigestSchedule = { ...base, frequency: 'custom', days: [1], hours: { '1': [7, 19] } };

  it('keeps pro and trial schedules', () => {
    expect(effectiveSchedule(custom, 'pro')).toBe(custom);
    expect(effectiveSchedule(custom, 'trial')).toBe(custom);
  });

  it('gives free accounts and expired trials Friday at 9:00, whatever is stored', () => {
    expect(effectiveSchedule(custom, 'free')).toBe(FREE_SCHEDULE);
    expect(effectiveSchedule(daily(6), 'trialExpired')).toBe(FREE_SCHEDULE);
  });

  it('lets anyone turn digests off', () => {
    const none: DigestSchedule = { ...base, frequency: 'none' };
    expect(effectiveSchedule(none, 'free')).toBe(none);
  });
});
