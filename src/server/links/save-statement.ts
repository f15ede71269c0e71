import type { Database } from '../db/client';
import type { links } from '../db/schema';
import type { LinkRow } from './link-answer';

export type NewLink = Pick<
  typeof links.$inferInsert,
  'userId' | 'url' | 'normalizedUrl' | 'title' | 'notes' | 'category' | 'categories' | 'categoryId' | 'includeInNewsletter'
>;

/** `firstLink`: the user had no other link (a first link may complete a referral). */
export type SaveOutcome =
  | { outcome: 'duplicate'; row: LinkRow }
  | { outcome: 'created'; row: LinkRow; firstLink: boolean }
  | { outcome: 'overLimit' };

const answerColumns = `id, url, title, description, notes, category, categories,
  include_in_newsletter as "includeInNewsletter", read_at as "readAt", created_at as "createdAt",
  content_status as "contentStatus", site_name as "siteName", excerpt, reading_minutes as "readingMinutes",
  favicon_url as "faviconUrl", image_url as "imageUrl", highlight_count as "highlightCount"`;

/** This month is over when its reset moment has passed (or the user never saved). */
const monthIsOver = '(monthly_usage_reset_at is null or monthly_usage_reset_at <= now())';

/*
 * A save in one statement — one round trip, one commit — in four steps:
 *   1. existing: the newest link of the user to the same page, unless duplicates are allowed ($11);
 *   2. counted:  when there is none, the user's row counts the save (total and this month's
 *                saves, a new month starting at the user's own midnight), but only while this
 *                month's saves are under the limit ($10; null: no limit);
 *   3. inserted: the link, with the user id the counting returned: no count, no link;
 *   4. queued:   the link waits for its page to be read (title, readable copy), when pages are read ($12).
 * Two saves racing at the limit cannot both pass: the second UPDATE waits for the first's row
 * lock, then PostgreSQL checks its WHERE again on the updated row.
 */
const SAVE_LINK = `
  with existing as (
    select ${answerColumns} from links
    where user_id = $1 and normalized_url = $3 and not $11::boolean
    order by created_at desc limit 1
  ),
  counted as (
    update users set
      monthly_links_used = case when ${monthIsOver} then 1 else monthly_links_used + 1 end,
      monthly_usage_reset_at = case when ${monthIsOver}
        then (date_trunc('month', now() at time zone timezone) + interval '1 month') at time zone timezone
        else monthly_usage_reset_at end,
      link_count = link_count + 1
    where id = $1 and not exists (select from existing)
      and ($10::int is null or ${monthIsOver} or monthly_links_used < $10::int)
    returning id, link_count
  ),
  inserted as (
    insert into links (user_id, url, normalized_url, title, notes, category, categories, category_id, include_in_newsletter, content_status)
    select id, $2, $3, $4, $5, $6, $7::jsonb, $8::uuid, $9::boolean, case when $12::boolean then 'pending' else 'none' end from counted
    returning ${answerColumns}
  ),
  queued as (
    insert into page_reads (link_id) select id from inserted where $12::boolean
  )
  select true as duplicate, false as first_link, * from existing
  union all
  select false as duplicate, (select link_count = 1 from counted) as first_link, * from inserted`;

/**
 * Runs the statement above as a named prepared statement: PostgreSQL parses and plans it once
 * per connection instead of on every save. Answers the new link (and whether it is the user's
 * only one), the link already saved, or that the month's limit refused it.
 */
export async function saveInOneStatement(
  pool: Database['pool'],
  link: NewLink,
  options: { monthlyLimit: number | null; allowDuplicate: boolean; readPage: boolean },
): Promise<SaveOutcome> {
  const { rows } = await pool.query<LinkRow & { duplicate: boolean; first_link: boolean }>({
    name: 'links.save',
    text: SAVE_LINK,
    values: [
      link.userId,
      link.url,
      link.normalizedUrl,
      link.title,
      link.notes,
      link.category,
      JSON.stringify(link.categories),
      link.categoryId,
      link.includeInNewsletter,
      options.monthlyLimit,
      options.allowDuplicate,
      options.readPage,
    ],
  });
  const [row] = rows;
  if (!row) return { outcome: 'overLimit' };
  const { duplicate, first_link: firstLink, ...saved } = row;
  return duplicate ? { outcome: 'duplicate', row: saved } : { outcome: 'created', row: saved, firstLink };
}
