import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hoursOn, nextSendAfter, type DigestSchedule } from './digest-schedule';
import { addDays, DAY_MS, HOUR_MS, localDateAt, localMsAt, readWallClock, type LocalDate } from './zoned-time';

/*
 * The schedule walked send by send must equal what an independent reading of the clock says
 * (Intl, read directly):
 * for each scheduled date and hour, the first instant (on a 15-minute grid, which every zone's
 * offsets fit) at which the zone's clock shows that date at a whole hour no earlier than the
 * scheduled one. That is "a missing hour goes at the next hour that exists" and "a doubled hour
 * goes once, at its first occurrence". Equal lists mean no slot sent twice and none skipped.
 */

const zones = [
  'America/New_York',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Australia/Sydney',
  'America/Santiago', // changes at midnight
  'Australia/Lord_Howe', // a half-hour change
  'UTC',
];

/** Dates around every 2026 change of the listed zones, and plain ones. */
const startDates = [
  '2026-03-05',
  '2026-03-26',
  '2026-04-02',
  '2026-09-05',
  '2026-09-24',
  '2026-10-01',
  '2026-10-22',
  '2026-10-29',
  '2026-06-15',
  '2026-01-10',
];

const QUARTER_MS = 15 * 60 * 1000;
// Mostly the hours that clocks skip or repeat somewhere (0–3, and 23 in Santiago), so the rare
// cases come up in every run rather than now and then.
const hour = fc.oneof({ arbitrary: fc.constantFrom(0, 1, 2, 3, 23), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 23 }), weight: 1 });
const weekday = fc.integer({ min: 0, max: 6 });

const hoursMap = fc.dictionary(weekday.map(String), fc.oneof(hour, fc.uniqueArray(hour, { minLength: 1, maxLength: 3 })));

const schedule: fc.Arbitrary<DigestSchedule> = fc.oneof(
  fc.record({
    frequency: fc.constant('daily' as const),
    time: hour,
    days: fc.constant<number[]>([]),
    hours: fc.constant({}),
    repeatUnit: fc.constant('week' as const),
    repeatInterval: fc.constant(1),
  }),
  fc.record({
    frequency: fc.constant('weekly' as const),
    time: hour,
    days: weekday.map((d) => [d]),
    hours: hoursMap,
    repeatUnit: fc.constant('week' as const),
    repeatInterval: fc.constant(1),
  }),
  fc.record({
    frequency: fc.constant('custom' as const),
    time: hour,
    days: fc.uniqueArray(weekday, { minLength: 1, maxLength: 7 }),
    hours: hoursMap,
    repeatUnit: fc.constantFrom('week' as const, 'month' as const),
    repeatInterval: fc.integer({ min: 1, max: 2 }),
  }),
);

function expectedSends(plan: DigestSchedule, zone: string, from: Date, to: Date): number[] {
  const found = new Set<number>();
  const first = localDateAt(from, zone);
  for (let date = addDays(first, -1); dayStart(date) <= dayStart(localDateAt(to, zone)) + DAY_MS; date = addDays(date, 1)) {
    for (const h of hoursOn(plan, date)) {
      const instant = firstReadingAtOrAfter(date, h, zone);
      if (instant > from.getTime() && instant <= to.getTime()) found.add(instant);
    }
  }
  return [...found].sort((a, b) => a - b);
}

function dayStart(date: LocalDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

/** Scans the clock from 15 h before to 39 h after the date's midnight in UTC terms. */
function firstReadingAtOrAfter(date: LocalDate, h: number, zone: string): number {
  const midnight = dayStart(date);
  for (let t = midnight - 15 * HOUR_MS; t <= midnight + 39 * HOUR_MS; t += QUARTER_MS) {
    // Read from Intl itself, not through the cached offsets the code under test uses.
    const local = readWallClock(t, zone);
    if (local - (local % HOUR_MS) !== local) continue;
    if (local >= midnight + h * HOUR_MS && local < midnight + DAY_MS) return t;
  }
  throw new Error(`no reading for ${JSON.stringify(date)} ${h}:00 in ${zone}`);
}

function walk(plan: DigestSchedule, zone: string, from: Date, to: Date): number[] {
  const out: number[] = [];
  for (let next = nextSendAfter(plan, zone, from); next && next <= to; next = nextSendAfter(plan, zone, next)) out.push(next.getTime());
  return out;
}

describe('nextSendAfter, over zones, schedules and dates', () => {
  it('sends every slot exactly once: none twice, none skipped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        schedule,
        fc.constantFrom(...startDates),
        fc.integer({ min: 0, max: 23 }),
        (zone, plan, day, startHour) => {
          const from = new Date(`${day}T00:00:00Z`);
          from.setUTCHours(startHour);
          const days = plan.frequency === 'custom' && plan.repeatUnit === 'month' ? 70 : 16;
          const to = new Date(from.getTime() + days * DAY_MS);
          expect(walk(plan, zone, from, to)).toEqual(expectedSends(plan, zone, from, to));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('sends a weekly digest every 7 calendar days at the same wall-clock time, unless that hour is missing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), weekday, hour, fc.constantFrom(...startDates), (zone, day, h, start) => {
        const plan: DigestSchedule = {
          frequency: 'weekly',
          time: h,
          days: [day],
          hours: { [day]: h },
          repeatUnit: 'week',
          repeatInterval: 1,
        };
        const sends = walk(plan, zone, new Date(`${start}T00:00:00Z`), new Date(Date.parse(`${start}T00:00:00Z`) + 60 * DAY_MS));
        expect(sends.length).toBeGreaterThanOrEqual(8);
        for (let i = 1; i < sends.length; i++) {
          const [before, after] = [localMsAt(sends[i - 1], zone), localMsAt(sends[i], zone)];
          const dayGap = Math.floor(after / DAY_MS) - Math.floor(before / DAY_MS);
          expect(dayGap).toBe(7);
          // The clock shows the chosen hour, or a later one on the one day that hour does not exist.
          expect(Math.floor((after % DAY_MS) / HOUR_MS)).toBeGreaterThanOrEqual(h);
        }
      }),
      { numRuns: 100 },
    );
  });
});
