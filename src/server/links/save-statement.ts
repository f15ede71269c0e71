import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { links } from '../db/schema';
import type { LinkRow } from './link-answer';

export type NewLink = Pick<
  typeof links.$inferInsert,
  'userId' | 'url' | 'normalizedUrl' | 'title' | 'notes' | 'category' | 'categories' | 'categoryId' | 'includeInNewsletter'
>;

export type SaveOutcome = { outcome: 'duplicate' | 'created'; row: LinkRow } | { outcome: 'overLimit' };

type DriverRow = Omit<LinkRow, 'readAt' | 'createdAt'> & { duplicate: boolean; readAt: string | null; createdAt: string };

/** The columns of a link answer, as the statement below names them. */
const answerColumns = sql.raw(
  `id, url, title, description, notes, category, categories, include_in_newsletter as "includeInNewsletter", read_at as "readAt", created_at as "createdAt"`,
);

/** This month is over when its reset moment has passed (or the user never saved). */
const monthIsOver = sql`(monthly_usage_reset_at is null or monthly_usage_reset_at <= now())`;
/** The first moment of the user's next month, in their own time zone. */
const nextMonthStarts = sql`(date_trunc('month', now() at time zone timezone) + interval '1 month') at time zone timezone`;

/**
 * A save in one statement — one round trip, one commit — in three steps:
 *   1. existing: the newest link of the user to the same page, unless duplicates are allowed;
 *   2. counted:  when there is none, the user's row counts the save (total and this month's saves),
 *                but only while this month's saves are under `monthlyLimit` (null: no limit);
 *   3. inserted: the link, with the user id the counting returned: no count, no link.
 * Two saves racing at the limit cannot both pass: the second UPDATE waits for the first's row
 * lock, then PostgreSQL checks its WHERE again on the updated row.
 */
export async function saveInOneStatement(db: Db, link: NewLink, options: { monthlyLimit: number | null; allowDuplicate: boolean }): Promise<SaveOutcome> {
  const withinLimit = options.monthlyLimit === null ? sql`true` : sql`(${monthIsOver} or monthly_links_used < ${options.monthlyLimit})`;
  const { rows } = await db.execute<DriverRow>(sql`
    with existing as (
      select ${answerColumns} from links
      where user_id = ${link.userId} and normalized_url = ${link.normalizedUrl} and not ${options.allowDuplicate}
      order by created_at desc limit 1
    ),
    counted as (
      update users set
        monthly_links_used = case when ${monthIsOver} then 1 else monthly_links_used + 1 end,
        monthly_usage_reset_at = case when ${monthIsOver} then ${nextMonthStarts} else monthly_usage_reset_at end,
        link_count = link_count + 1
      where id = ${link.userId} and not exists (select from existing) and ${withinLimit}
      returning id
    ),
    inserted as (
      insert into links (user_id, url, normalized_url, title, notes, category, categories, category_id, include_in_newsletter)
      select id, ${link.url}, ${link.normalizedUrl}, ${link.title}, ${link.notes}, ${link.category},
             ${JSON.stringify(link.categories)}::jsonb, ${link.categoryId}::uuid, ${link.includeInNewsletter}
      from counted
      returning ${answerColumns}
    )
    select true as duplicate, * from existing
    union all
    select false as duplicate, * from inserted`);

  const [row] = rows;
  if (!row) return { outcome: 'overLimit' };
  const { duplicate, ...columns } = row;
  // Drizzle's driver leaves timestamps as PostgreSQL's text; its own columns make Dates of them the same way.
  const linkRow = { ...columns, readAt: columns.readAt === null ? null : new Date(columns.readAt), createdAt: new Date(columns.createdAt) };
  return { outcome: duplicate ? 'duplicate' : 'created', row: linkRow };
}
