/*
 * Dates as the user lives them: in their own time zone (currentUser.timezone), not the browser's.
 * Intl converts an instant to that zone and writes the resulting calendar day.
 */

/** The product's date format (docs/product/errors-and-limits.md), 'MMMM d, yyyy' ("May 30, 2025"), with or without the weekday first. */
const writtenDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const writtenDayWithWeekday = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = make();
    cache.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone, as the server's `savedOn` is written. */
export function dayInZone(instant: Date | string, timeZone: string): string {
  // 'en-CA' writes dates as YYYY-MM-DD.
  const formatter = cached(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
  return formatter.format(new Date(instant));
}

/** A calendar day (YYYY-MM-DD) written out: "May 30, 2025", or "Friday, May 30, 2025". */
export function formatDay(day: string, { weekday = false } = {}): string {
  // The day's midnight in UTC, written in UTC: the same day wherever the browser is.
  return (weekday ? writtenDayWithWeekday : writtenDay).format(new Date(`${day}T00:00:00Z`));
}

/** The day an instant falls on in a time zone, written out: "May 30, 2025", or "Friday, May 30, 2025". */
export function formatDayInZone(instant: Date | string, timeZone: string, options: { weekday?: boolean } = {}): string {
  return formatDay(dayInZone(instant, timeZone), options);
}

/** The time of day of an instant in a time zone, as 'h:mm a' writes it: "3:05 PM". */
export function formatTimeInZone(instant: Date | string, timeZone: string): string {
  const formatter = cached(
    timeFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }),
  );
  // Some ICU versions put a narrow no-break space before AM/PM; 'h:mm a' has a plain one.
  return formatter.format(new Date(instant)).replace(/\s/g, ' ');
}
