import { asc, count, desc, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { analyticsEvents } from '../db/schema';
import type { AnalyticsEventName, EventMetrics, EventProps } from '../../shared/analytics-events';

/** How far back the admin metrics view looks. */
export const METRICS_DAYS = 30;

/** The first-party event log: one row per event, kept in our own database and sent nowhere. */
export async function recordEvent(db: Db, event: { name: AnalyticsEventName; props: EventProps; userId: string | null }): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

/** Events per UTC day and name over the last METRICS_DAYS days (today included), newest day first. */
export async function countEventsPerDay(db: Db): Promise<Omit<EventMetrics, 'keyFigures' | 'digests'>> {
  const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const since = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${METRICS_DAYS - 1})`;
  const rows = await db
    .select({ day, name: analyticsEvents.name, count: count() })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.createdAt, since))
    .groupBy(day, analyticsEvents.name)
    .orderBy(desc(day), asc(analyticsEvents.name));
  return { days: METRICS_DAYS, counts: rows };
}
