import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EventMetrics } from '../../shared/analytics-events';
import { METRICS_DAYS } from './event-log';

const since = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${METRICS_DAYS - 1})`;
const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

/**
 * The figures an administrator watches, per UTC day over the metrics period, from the rows that
 * record them rather than from browser events (which ad blockers drop): landing views are the one
 * exception, having no row of their own. Trials are sign-ups that started with a trial end date;
 * purchases are subscriptions created; digests are digest e-mails handed to SMTP ('sent' in the
 * outbox, which keeps them longer than this period), scheduled or sent with "Send now"; links are
 * counted on the day they came into Stash: an import's on the day of the import, not the day the
 * other service saved them.
 */
export async function countKeyFiguresPerDay(db: Db): Promise<EventMetrics['counts']> {
  const rows = await db.execute<{ day: string; name: string; count: string }>(sql`
    select day, name, count(*)::int as count from (
      select ${day('created_at')} as day, 'landing_views' as name from analytics_events where name = 'landing_view' and created_at >= ${since}
      union all select ${day('created_at')}, 'sign_ups' from users where created_at >= ${since}
      union all select ${day('created_at')}, 'trials' from users where trial_ends_at is not null and created_at >= ${since}
      union all select ${day('created_at')}, 'purchases' from subscriptions where created_at >= ${since}
      union all select ${day('sent_at')}, 'digests_sent' from mail_outbox where template = 'digest' and status = 'sent' and sent_at >= ${since}
      union all select ${day('coalesce(imported_at, created_at)')}, 'links_saved' from links
        where created_at >= ${since} or imported_at >= ${since}
    ) figures
    group by day, name
    order by day desc, name`);
  return rows.rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
}

/**
 * Digest sends per UTC day of their scheduled slot, by state (pending and sending together as
 * 'in_progress'), with the bounces and complaints of that day's mail (all mail, from mail_events):
 * named as digestFigureLabels's keys. Slots after today are left out.
 */
export async function countDigestsPerDay(db: Db): Promise<EventMetrics['counts']> {
  const rows = await db.execute<{ day: string; name: string; count: string }>(sql`
    select day, name, count(*)::int as count from (
      select ${day('scheduled_for')} as day,
        case when status in ('pending', 'sending') then 'in_progress' else status end as name
        from digest_sends
        where scheduled_for >= ${since} and scheduled_for < ${since} + make_interval(days => ${METRICS_DAYS})
      union all select ${day('created_at')}, case kind when 'bounce' then 'bounces' else 'complaints' end
        from mail_events where kind in ('bounce', 'complaint') and created_at >= ${since}
    ) figures
    group by day, name
    order by day desc, name`);
  return rows.rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
}
