import { sql } from 'drizzle-orm';
import type { User } from '../auth/current-user';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { tierOf } from '../../shared/permissions';

/*
 * What a digest holds (PRODUCT.md point 6): the links marked for the newsletter that were saved
 * since the user's previous digest (for the first one, ever), newest first. With nothing new, pro
 * and trial accounts get up to 3 unread older links instead ("From your stash"); anyone else gets
 * nothing, and nothing is sent: never an empty e-mail. Composed for many users in two queries.
 */

/** More than this stays in My Stash ("and N more"); the HTML is trimmed further if it would be clipped. */
export const MAX_DIGEST_LINKS = 100;
export const RESURFACED_LINKS = 3;

export interface DigestRequest {
  user: User;
  /** Links saved up to this instant go in: the scheduled time, or now for "send now". */
  until: Date;
  /** Picks which older links resurface; the same seed picks the same ones, so the preview matches. */
  seed: string;
}

export interface DigestLinkRow {
  id: string;
  url: string;
  title: string | null;
  notes: string | null;
  category: string;
  categories: string[];
  createdAt: Date;
}

export interface DigestContent {
  kind: 'new' | 'resurfaced';
  /** Newest first. */
  links: DigestLinkRow[];
  /** All the digest's links, including those past MAX_DIGEST_LINKS. */
  total: number;
}

/** The content of each user's digest, by user id; a user with nothing to send is absent. */
export async function composeDigests(db: Db, config: Pick<Config, 'billing'>, requests: DigestRequest[], now: Date): Promise<Map<string, DigestContent>> {
  const contents = new Map<string, DigestContent>();
  for (const [userId, links] of await newLinks(db, requests)) contents.set(userId, { kind: 'new', links: links.rows, total: links.total });

  const paid = (user: User) => ['pro', 'trial'].includes(tierOf(user, config.billing, now));
  const quiet = requests.filter((request) => !contents.has(request.user.id) && paid(request.user));
  for (const [userId, links] of await unreadOlderLinks(db, quiet)) contents.set(userId, { kind: 'resurfaced', links, total: links.length });
  return contents;
}

const linkFields = sql.raw('l.id, l.user_id, l.url, l.title, l.notes, l.category, l.categories, l.created_at');

async function newLinks(db: Db, requests: DigestRequest[]): Promise<Map<string, { rows: DigestLinkRow[]; total: number }>> {
  const byUser = new Map<string, { rows: DigestLinkRow[]; total: number }>();
  if (requests.length === 0) return byUser;
  const { rows } = await db.execute<RawLink & { total: string }>(sql`
    select * from (
      select ${linkFields},
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

async function unreadOlderLinks(db: Db, requests: DigestRequest[]): Promise<Map<string, DigestLinkRow[]>> {
  const byUser = new Map<string, DigestLinkRow[]>();
  if (requests.length === 0) return byUser;
  const { rows } = await db.execute<RawLink>(sql`
    select * from (
      select ${linkFields}, row_number() over (partition by l.user_id order by md5(l.id::text || r.seed)) as position
      from unnest(${sql.param(requests.map((r) => r.user.id))}::uuid[], ${sql.param(requests.map((r) => r.until))}::timestamptz[],
                  ${sql.param(requests.map((r) => r.seed))}::text[]) as r(user_id, until, seed)
      join links l on l.user_id = r.user_id
      where l.include_in_newsletter and l.read_at is null and l.created_at <= r.until
    ) s
    where s.position <= ${RESURFACED_LINKS}
    order by s.user_id, s.created_at desc, s.id desc`);
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), toLinkRow(row)]);
  return byUser;
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
  };
}
