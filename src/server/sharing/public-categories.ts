import { and, eq, sql } from 'drizzle-orm';
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

const atAddress = and(
  eq(users.handle, sql.placeholder('handle')),
  eq(categories.slug, sql.placeholder('slug')),
  eq(categories.public, true),
);

/** The category's fields, named as PublicCategory's. */
const categoryObject = sql`json_build_object(
  'id', ${categories.id}, 'userId', ${categories.userId}, 'name', ${categories.name}, 'slug', ${categories.slug},
  'description', ${categories.description}, 'showNotes', ${categories.showNotes}, 'allowIndexing', ${categories.allowIndexing},
  'publishedAt', ${categories.publishedAt}, 'handle', ${users.handle},
  'ownerName', nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''),
  'accountType', ${users.accountType}, 'trialEndsAt', ${users.trialEndsAt}, 'subscriptionEndsAt', ${users.subscriptionEndsAt},
  'timezone', ${users.timezone}, 'subscriberDigestDay', ${users.subscriberDigestDay}, 'subscriberDigestHour', ${users.subscriberDigestHour})`;

/** A page of the category's links, newest first, as a JSON array of PublicLink's fields. */
const linksArray = sql`(select coalesce(json_agg(json_build_object(
    'id', page.id, 'url', page.url, 'title', page.title, 'siteName', page.site_name, 'excerpt', page.excerpt,
    'readingMinutes', page.reading_minutes, 'createdAt', page.created_at, 'notes', page.notes
  ) order by page.created_at desc, page.id desc), '[]')
  from (select ${links.id}, ${links.url}, ${links.title}, ${links.siteName}, ${links.excerpt}, ${links.readingMinutes}, ${links.createdAt},
      case when ${categories.showNotes} then ${links.notes} end as notes
    from ${links}
    where ${links.userId} = ${categories.userId} and ${links.categories} @> jsonb_build_array(${categories.name})
    order by ${links.createdAt} desc, ${links.id} desc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) page)`;

/*
 * The whole page as one row of JSON text: the answers kept in memory are made from this text and
 * reused while the query answers the same (public-answers.ts), so a repeated read parses nothing.
 */
const findPublishedPage = preparedOnce((db: Db) =>
  db
    .select({ source: sql<string>`json_build_object('category', ${categoryObject}, 'links', ${linksArray})::text` })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .where(atAddress)
    .prepare('public_category_page_by_address'),
);

/**
 * The published category at /@<handle>/<slug> and `limit` of its links from `offset`, in one query
 * (the page's and the feeds' one round trip), as JSON text for parsePublicPage; undefined when
 * there is no such category.
 */
export async function findPublicPage(
  db: Db,
  address: { handle: string; slug: string },
  limit: number,
  offset: number,
): Promise<string | undefined> {
  const rows = await findPublishedPage(db).execute({
    handle: address.handle.toLowerCase(),
    slug: address.slug.toLowerCase(),
    limit,
    offset,
  });
  return rows[0]?.source;
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** findPublicPage's text as the category and its links, with their dates as dates. */
export function parsePublicPage(source: string): { category: PublicCategory; links: PublicLink[] } {
  const { category, links } = JSON.parse(source);
  return {
    category: {
      ...category,
      publishedAt: dateOrNull(category.publishedAt),
      trialEndsAt: dateOrNull(category.trialEndsAt),
      subscriptionEndsAt: dateOrNull(category.subscriptionEndsAt),
    },
    links: links.map((link: PublicLink & { createdAt: string }) => ({ ...link, createdAt: new Date(link.createdAt) })),
  };
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
