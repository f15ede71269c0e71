import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EventMetrics } from '../../shared/analytics-events';
import { METRICS_DAYS } from './event-log';

/**
 * The figures an administrator watches, per UTC day over the metrics period, from the rows that
 * record them rather than from browser events (which ad blockers drop): landing views are the one
 * exception, having no row of their own. Trials are sign-ups that started with a trial end date;
 * purchases are subscriptions created; digests are sends that reached 'sent'.
 */
export async function countKeyFiguresPerDay(db: Db): Promise<EventMetrics['counts']> {
  const since = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${METRICS_DAYS - 1})`;
  const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  const rows = await db.execute<{ day: string; name: string; count: string }>(sql`
    select day, name, count(*)::int as count from (
      select ${day('created_at')} as day, 'landing_views' as name from analytics_events where name = 'landing_view' and created_at >= ${since}
      union all select ${day('created_at')}, 'sign_ups' from users where created_at >= ${since}
      union all select ${day('created_at')}, 'trials' from users where trial_ends_at is not null and created_at >= ${since}
      union all select ${day('created_at')}, 'purchases' from subscriptions where created_at >= ${since}
      union all select ${day('updated_at')}, 'digests_sent' from digest_sends where status = 'sent' and updated_at >= ${since}
      union all select ${day('created_at')}, 'links_saved' from links where created_at >= ${since}
    ) figures
    group by day, name
    order by day desc, name`);
  return rows.rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
}
