import type { Link } from '@shared/links-schemas';
import { dayInZone, formatDay } from '@web/lib/zoned-time';

/** The links saved on one day of the user's calendar. */
export interface DayGroup {
  /** YYYY-MM-DD in the user's time zone. */
  day: string;
  links: Link[];
}

/**
 * Links grouped by the day they were saved in the user's time zone (the server's `savedOn`),
 * keeping the order they came in: newest first in, newest day first out.
 */
export function groupLinksByDay(links: readonly Link[]): DayGroup[] {
  const groups = new Map<string, Link[]>();
  for (const link of links) {
    const group = groups.get(link.savedOn);
    if (group) group.push(link);
    else groups.set(link.savedOn, [link]);
  }
  return [...groups].map(([day, dayLinks]) => ({ day, links: dayLinks }));
}

/** 'May 30, 2025 (3 links)'. */
export function dayGroupHeading(group: DayGroup): string {
  const count = group.links.length;
  return `${formatDay(group.day)} (${count} ${count === 1 ? 'link' : 'links'})`;
}

/** Whether the link was saved on today's date in the user's time zone. */
export function isSavedToday(link: Pick<Link, 'savedOn'>, timeZone: string, now: Date = new Date()): boolean {
  return link.savedOn === dayInZone(now, timeZone);
}
