import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { categories, links, users } from '../db/schema';
import type { BillingMode } from '../../shared/permissions';
import { tierOf } from '../../shared/permissions';
import { LAPSED_PAGE_DAYS } from '../../shared/sharing';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PublicCategory {
  id: string;
  userId: string;
  name: string;
  slug: string;
  description: string | null;
  showNotes: boolean;
  allowIndexing: boolean;
  publishedAt: Date | null;
  handle: string;
  ownerName: string | null;
  accountType: string;
  trialEndsAt: Date | null;
  subscriptionEndsAt: Date | null;
  /** The owner's zone, and the weekday and hour in it of the subscribers' weekly digest. */
  timezone: string;
  subscriberDigestDay: number;
  subscriberDigestHour: number;
}

export interface PublicLink {
  id: string;
  url: string;
  title: string | null;
  siteName: string | null;
  excerpt: string | null;
  readingMinutes: number | null;
  createdAt: Date;
  /** Null unless the owner chose "Show my notes": the query itself leaves them out. */
  notes: string | null;
}

const categoryColumns = {
  id: categories.id,
  userId: categories.userId,
  name: categories.name,
  slug: sql<string>`${categories.slug}`,
  description: categories.description,
  showNotes: categories.showNotes,
  allowIndexing: categories.allowIndexing,
  publishedAt: categories.publishedAt,
  handle: sql<string>`${users.handle}`,
  ownerName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
  accountType: users.accountType,
  trialEndsAt: users.trialEndsAt,
  subscriptionEndsAt: users.subscriptionEndsAt,
  timezone: users.timezone,
  subscriberDigestDay: users.subscriberDigestDay,
  subscriberDigestHour: users.subscriberDigestHour,
};
const atAddress = and(
  eq(users.handle, sql.placeholder('handle')),
  eq(categories.slug, sql.placeholder('slug')),
  eq(categories.public, true),
);

/** The links of the category in the row beside them (a lateral join): a page of them, newest first. */
const linksOfPage = (db: Db) =>
  db
    .select({
      id: sql<string>`${links.id}`.as('link_id'),
      url: links.url,
      title: links.title,
      siteName: links.siteName,
      excerpt: links.excerpt,
      readingMinutes: links.readingMinutes,
      createdAt: links.createdAt,
      notes: sql<string | null>`case when ${categories.showNotes} then ${links.notes} end`.as('link_notes'),
    })
    .from(links)
    .where(and(eq(links.userId, categories.userId), sql`${links.categories} @> jsonb_build_array(${categories.name})`))
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_links');

const findPublishedPage = preparedOnce((db: Db) => {
  const page = linksOfPage(db);
  return db
    .select({
      category: categoryColumns,
      link: {
        id: page.id,
        url: page.url,
        title: page.title,
        siteName: page.siteName,
        excerpt: page.excerpt,
        readingMinutes: page.readingMinutes,
        createdAt: page.createdAt,
        notes: page.notes,
      },
    })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .leftJoinLateral(page, sql`true`)
    .where(atAddress)
    .prepare('public_category_page_by_address');
});

/**
 * The published category at /@<handle>/<slug> and `limit` of its links from `offset`, in one query
 * (the page's and the feeds' one round trip); undefined when there is no such category.
 */
export async function findPublicPage(
  db: Db,
  address: { handle: string; slug: string },
  limit: number,
  offset: number,
): Promise<{ category: PublicCategory; links: PublicLink[] } | undefined> {
  const rows = await findPublishedPage(db).execute({
    handle: address.handle.toLowerCase(),
    slug: address.slug.toLowerCase(),
    limit,
    offset,
  });
  if (rows.length === 0) return undefined;
  return { category: rows[0].category, links: rows.flatMap((row) => (row.link ? [row.link] : [])) };
}

/**
 * Whether the page shows: always while its owner has Pro (or a trial); read-only for 30 days after
 * Pro or the trial ended (the owner can no longer change it, only unpublish); then never, and the
 * lapse job unpublishes it and tells the owner.
 */
export function pageIsOpen(
  owner: Pick<PublicCategory, 'accountType' | 'trialEndsAt' | 'subscriptionEndsAt'>,
  billing: BillingMode,
  now = new Date(),
): boolean {
  const tier = tierOf(owner, billing, now);
  if (tier === 'pro' || tier === 'trial') return true;
  const ended = lapseStart(owner);
  return ended !== null && now.getTime() < ended.getTime() + LAPSED_PAGE_DAYS * DAY_MS;
}

/** When the owner's paid access ended: the later of the subscription's and the trial's end. */
export function lapseStart(owner: Pick<PublicCategory, 'trialEndsAt' | 'subscriptionEndsAt'>): Date | null {
  const ends = [owner.subscriptionEndsAt, owner.trialEndsAt].filter((end): end is Date => end !== null);
  return ends.length ? new Date(Math.max(...ends.map((end) => end.getTime()))) : null;
}
