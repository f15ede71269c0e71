import { sql } from 'drizzle-orm';
import type { User } from '../auth/current-user';
import type { Db } from '../db/client';
import { DAY_MS } from '../../shared/zoned-time';

/*
 * What a digest holds (docs/product/digests.md, What a digest holds):
 * - the links marked for the newsletter that were saved since the user's previous digest (for the
 *   first one, ever), newest first;
 * - "From your stash", unless the user turned it off: the links they snoozed from an earlier
 *   digest, then up to 3 unread links saved at least 30 days ago, one saved a year ago today first,
 *   then the oldest. A link is shown there at most once every 60 days;
 * - with it, unless turned off, a highlight of the day: one passage the user marked, in a link with
 *   a readable copy, the oldest first, never one shown in the last 60 days nor one they asked not to see again;
 * - in the first digest of a week (in the user's zone), a recap of the week before.
 * A digest with neither new links nor links from the stash is not sent: never an empty e-mail.
 * Composed for many users in a few queries, whatever their number.
 */

/** More than this stays in My Stash ("and N more"); the message is trimmed further if it would be clipped. */
const MAX_DIGEST_LINKS = 100;
const FROM_STASH_LINKS = 3;
const FROM_STASH_MIN_AGE_DAYS = 30;
const FROM_STASH_REPEAT_DAYS = 60;
const HIGHLIGHT_REPEAT_DAYS = 60;

export interface DigestRequest {
  user: User;
  /** Links saved up to this instant go in: the scheduled time, or now for "send now". */
  until: Date;
}

export interface DigestLinkRow {
  id: string;
  url: string;
  title: string | null;
  notes: string | null;
  category: string;
  categories: string[];
  createdAt: Date;
  /** From the page's readable copy when there is one; the description found when the title was fetched otherwise. */
  excerpt: string | null;
  siteName: string | null;
  readingMinutes: number | null;
  /** Whether Stash keeps a readable copy (the "Read in Stash" link). */
  readable: boolean;
  /** "From your stash" only: saved on this day a year or more ago (in whole years), or null. */
  yearsAgoToday: number | null;
}

interface WeeklyRecap {
  saved: number;
  read: number;
  unread: number;
}

export interface DigestContent {
  /** Saved since the previous digest, newest first, at most MAX_DIGEST_LINKS of them. */
  newLinks: DigestLinkRow[];
  /** All the new links, including those past MAX_DIGEST_LINKS. */
  newTotal: number;
  fromStash: DigestLinkRow[];
  /** "From your stash"'s highlight of the day; null when off or when there is none to show. */
  highlight: DigestHighlightRow | null;
  recap: WeeklyRecap | null;
}

export interface DigestHighlightRow {
  id: string;
  exact: string;
  note: string | null;
  linkId: string;
  linkUrl: string;
  linkTitle: string | null;
  siteName: string | null;
}

/** The content of each user's digest, by user id; a user with nothing to send is absent. */
export async function composeDigests(db: Db, requests: DigestRequest[]): Promise<Map<string, DigestContent>> {
  const contents = new Map<string, DigestContent>();
  if (requests.length === 0) return contents;
  const [fresh, stash, highlights, recaps] = await Promise.all([
    newLinks(db, requests),
    fromStash(
      db,
      requests.filter((r) => r.user.digestFromStash),
    ),
    highlightsOfTheDay(
      db,
      requests.filter((r) => r.user.digestFromStash && r.user.digestHighlight),
    ),
    weeklyRecaps(
      db,
      requests.filter((r) => r.user.digestWeeklyRecap && startsAWeek(r)),
    ),
  ]);
  for (const { user } of requests) {
    const news = fresh.get(user.id);
    const old = stash.get(user.id) ?? [];
    if (!news && old.length === 0) continue;
    contents.set(user.id, {
      newLinks: news?.rows ?? [],
      newTotal: news?.total ?? 0,
      fromStash: old,
      highlight: highlights.get(user.id) ?? null,
      recap: recaps.get(user.id) ?? null,
    });
  }
  return contents;
}

/**
 * Records that the links of these digests were shown in "From your stash", in the transaction that
 * stores the digests: one statement for a whole batch.
 */
export async function markShownFromStash(
  tx: Pick<Db, 'execute'>,
  shown: { userId: string; content: DigestContent; at: Date }[],
): Promise<void> {
  const marked = shown.flatMap(({ userId, content, at }) => (content.highlight ? [{ id: content.highlight.id, userId, at }] : []));
  if (marked.length > 0)
    await tx.execute(sql`
      update highlights set digest_shown_at = s.at
      from unnest(${sql.param(marked.map((r) => r.id))}::uuid[], ${sql.param(marked.map((r) => r.userId))}::uuid[], ${sql.param(marked.map((r) => r.at))}::timestamptz[]) as s(id, user_id, at)
      where highlights.id = s.id and highlights.user_id = s.user_id`);
  const rows = shown.flatMap(({ userId, content, at }) => content.fromStash.map((link) => ({ id: link.id, userId, at })));
  if (rows.length === 0) return;
  await tx.execute(sql`
    update links set resurfaced_at = s.at, snoozed_at = null
    from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.userId))}::uuid[], ${sql.param(rows.map((r) => r.at))}::timestamptz[]) as s(id, user_id, at)
    where links.id = s.id and links.user_id = s.user_id`);
}

/** The card fields the page reader copies onto the link (pages/); the description found with the title when there is no excerpt. */
const linkFields = sql.raw(`l.id, l.user_id, l.url, l.title, l.notes, l.category, l.categories, l.created_at,
  coalesce(l.excerpt, l.description) as excerpt, l.site_name, l.reading_minutes, l.content_status = 'ready' as readable`);

async function newLinks(db: Db, requests: DigestRequest[]): Promise<Map<string, { rows: DigestLinkRow[]; total: number }>> {
  const byUser = new Map<string, { rows: DigestLinkRow[]; total: number }>();
  const { rows } = await db.execute<RawLink & { total: string }>(sql`
    select * from (
      select ${linkFields}, null::int as years_ago_today,
        row_number() over (partition by l.user_id order by l.created_at desc, l.id desc) as position,
        count(*) over (partition by l.user_id) as total
      from unnest(${sql.param(requests.map((r) => r.user.id))}::uuid[], ${sql.param(requests.map((r) => r.user.lastDigestSentAt))}::timestamptz[],
                  ${sql.param(requests.map((r) => r.until))}::timestamptz[]) as r(user_id, since, until)
      join links l on l.user_id = r.user_id
      where l.include_in_newsletter and l.created_at > coalesce(r.since, '-infinity') and l.created_at <= r.until
    ) s
    where s.position <= ${MAX_DIGEST_LINKS}
    order by s.user_id, s.position`);
  for (const row of rows) {
    const entry = byUser.get(row.user_id) ?? { rows: [], total: Number(row.total) };
    entry.rows.push(toLinkRow(row));
    byUser.set(row.user_id, entry);
  }
  return byUser;
}

/** Snoozed links first (oldest snooze first), then one saved on this day in an earlier year, then the oldest. */
async function fromStash(db: Db, requests: DigestRequest[]): Promise<Map<string, DigestLinkRow[]>> {
  const byUser = new Map<string, DigestLinkRow[]>();
  if (requests.length === 0) return byUser;
  const { rows } = await db.execute<RawLink>(sql`
    select * from (
      select s.*, row_number() over (partition by s.user_id order by s.snoozed_at nulls last, s.years_ago_today is null, s.created_at, s.id) as position
      from (
        select ${linkFields}, l.snoozed_at,
          case when to_char(l.created_at at time zone r.zone, 'MM-DD') = to_char(r.until at time zone r.zone, 'MM-DD')
                and l.created_at < r.until - interval '360 days'
               then extract(year from r.until at time zone r.zone)::int - extract(year from l.created_at at time zone r.zone)::int end as years_ago_today
        from unnest(${sql.param(requests.map((r) => r.user.id))}::uuid[], ${sql.param(requests.map((r) => r.user.lastDigestSentAt))}::timestamptz[],
                    ${sql.param(requests.map((r) => r.until))}::timestamptz[], ${sql.param(requests.map((r) => r.user.timezone))}::text[]) as r(user_id, since, until, zone)
        join links l on l.user_id = r.user_id
        where l.include_in_newsletter and l.read_at is null and l.created_at <= coalesce(r.since, r.until)
          and (l.snoozed_at is not null
               or (l.created_at <= r.until - make_interval(days => ${FROM_STASH_MIN_AGE_DAYS})
                   and (l.resurfaced_at is null or l.resurfaced_at <= r.until - make_interval(days => ${FROM_STASH_REPEAT_DAYS}))))
      ) s
    ) ranked
    where ranked.position <= ${FROM_STASH_LINKS}
    order by ranked.user_id, ranked.position`);
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), toLinkRow(row)]);
  return byUser;
}

/**
 * One highlight per user: in a link with a readable copy, found in it (the reader opens at it),
 * not hidden, not shown in the last 60 days; the oldest first.
 */
async function highlightsOfTheDay(db: Db, requests: DigestRequest[]): Promise<Map<string, DigestHighlightRow>> {
  const byUser = new Map<string, DigestHighlightRow>();
  if (requests.length === 0) return byUser;
  const { rows } = await db.execute<{
    user_id: string;
    id: string;
    exact: string;
    note: string | null;
    link_id: string;
    url: string;
    title: string | null;
    site_name: string | null;
  }>(sql`
    select r.user_id, h.id, h.exact, h.note, l.id as link_id, l.url, l.title, l.site_name
    from unnest(${sql.param(requests.map((r) => r.user.id))}::uuid[], ${sql.param(requests.map((r) => r.until))}::timestamptz[]) as r(user_id, until)
    cross join lateral (
      select h.* from highlights h
      join links l on l.id = h.link_id and l.user_id = r.user_id and l.content_status = 'ready'
      where h.user_id = r.user_id and h.anchored and not h.digest_hidden and h.created_at <= r.until
        and (h.digest_shown_at is null or h.digest_shown_at <= r.until - make_interval(days => ${HIGHLIGHT_REPEAT_DAYS}))
      order by h.created_at, h.id
      limit 1
    ) h
    join links l on l.id = h.link_id and l.user_id = r.user_id`);
  for (const row of rows)
    byUser.set(row.user_id, {
      id: row.id,
      exact: row.exact,
      note: row.note,
      linkId: row.link_id,
      linkUrl: row.url,
      linkTitle: row.title,
      siteName: row.site_name,
    });
  return byUser;
}

/** The first digest of a week in the user's zone, after at least one earlier digest (a first digest has no week to recap). */
function startsAWeek({ user, until }: DigestRequest): boolean {
  if (!user.lastDigestSentAt) return false;
  return weekStart(until, user.timezone) !== weekStart(user.lastDigestSentAt, user.timezone);
}

/** The Monday (yyyy-mm-dd) of the week of this instant, in the zone. */
function weekStart(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const daysSinceMonday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday'));
  const local = Date.UTC(Number(part('year')), Number(part('month')) - 1, Number(part('day'))) - daysSinceMonday * DAY_MS;
  return new Date(local).toISOString().slice(0, 10);
}

/**
 * Saved and read in the 7 days before the digest, and unread in all. A link an import brought in
 * already read (Pocket's or Instapaper's archive) was read before, elsewhere: not this week.
 */
async function weeklyRecaps(db: Db, requests: DigestRequest[]): Promise<Map<string, WeeklyRecap>> {
  const recaps = new Map<string, WeeklyRecap>();
  if (requests.length === 0) return recaps;
  const { rows } = await db.execute<{ user_id: string; saved: string; read: string; unread: string }>(sql`
    select r.user_id,
      count(l.id) filter (where l.created_at > r.until - interval '7 days' and l.created_at <= r.until) as saved,
      count(l.id) filter (where l.read_at > r.until - interval '7 days' and l.read_at <= r.until
                          and (l.imported_at is null or l.read_at > l.imported_at)) as read,
      count(l.id) filter (where l.read_at is null) as unread
    from unnest(${sql.param(requests.map((r) => r.user.id))}::uuid[], ${sql.param(requests.map((r) => r.until))}::timestamptz[]) as r(user_id, until)
    left join links l on l.user_id = r.user_id
    group by r.user_id`);
  for (const row of rows) recaps.set(row.user_id, { saved: Number(row.saved), read: Number(row.read), unread: Number(row.unread) });
  return recaps;
}

interface RawLink {
  [column: string]: unknown;
  id: string;
  user_id: string;
  url: string;
  title: string | null;
  notes: string | null;
  category: string;
  categories: string[];
  created_at: string | Date;
  excerpt: string | null;
  site_name: string | null;
  reading_minutes: number | null;
  readable: boolean;
  years_ago_today: number | null;
}

function toLinkRow(row: RawLink): DigestLinkRow {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    notes: row.notes,
    category: row.category,
    categories: row.categories,
    createdAt: new Date(row.created_at),
    excerpt: row.excerpt,
    siteName: row.site_name,
    readingMinutes: row.reading_minutes,
    readable: row.readable,
    yearsAgoToday: row.years_ago_today,
  };
}
