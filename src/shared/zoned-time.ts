/**
 * Wall-clock time in IANA time zones with Intl alone (no date library): what the clock on the wall
 * reads at an instant, and at which instants it reads a given time. Local times are handled as
 * "local milliseconds": the wall-clock reading written as if it were UTC (Date.UTC(y, m, d, h)).
 */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** A calendar date: year, month 1–12, day 1–31. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `instant`, as local milliseconds, read from Intl (to the second). */
export function readWallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC at an instant, in milliseconds (+05:30 → 19,800,000). Today's rules
 * change clocks only on a quarter hour, so one reading per zone and quarter hour is exact; the
 * readings are kept, since a sweep asks for the same few thousand over and over.
 */
function offsetAt(instant: number, zone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${zone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= 100_000) offsets.clear();
    offset = readWallClock(quarter, zone) - quarter;
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall-clock reading in `zone` at `instant`, as local milliseconds. */
export function localMsAt(instant: number, zone: string): number {
  return instant + offsetAt(instant, zone);
}

/**
 * Every instant at which the clock in `zone` reads `localMs`: one normally, none when the time falls
 * in a daylight-saving gap, two (earlier first) when it occurs twice as the clocks go back.
 * Offsets a day either side cover the one transition a 48-hour window can hold.
 */
export function instantsAt(localMs: number, zone: string): number[] {
  const candidates = new Set([localMs - offsetAt(localMs - DAY_MS, zone), localMs - offsetAt(localMs + DAY_MS, zone)]);
  return [...candidates].filter((instant) => localMsAt(instant, zone) === localMs).sort((a, b) => a - b);
}

/** The calendar date in `zone` at an instant. */
export function localDateAt(instant: Date, zone: string): LocalDate {
  return dateOfLocalMs(localMsAt(instant.getTime(), zone));
}

function dateOfLocalMs(localMs: number): LocalDate {
  const date = new Date(localMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOfLocalMs(Date.UTC(date.year, date.month - 1, date.day + days));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Days since 1970-01-01 (a Thursday). */
export function dayNumberOf(date: LocalDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}
