import { formatDayInZone, formatTimeInZone } from '@web/lib/zoned-time';

/** "Friday, November 27, 2026 at 9:00 AM (Europe/Berlin)": when the next digest goes, in the user's zone. */
export function nextDigestText(nextSendAt: string, timeZone: string): string {
  return `${formatDayInZone(nextSendAt, timeZone, { weekday: true })} at ${formatTimeInZone(nextSendAt, timeZone)} (${timeZone})`;
}
