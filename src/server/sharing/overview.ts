import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { categories, categorySubscribers, publicPageStats, users } from '../db/schema';
import { publicCategoryPath, type SharingOverview } from '../../shared/sharing';
import { pageStatsOf } from './page-stats';
import { listSharedLinks } from './shared-links';

/**
 * Settings → Sharing: the user's public categories with the last 30 days' views and feed fetches,
 * the number of confirmed subscribers (never their addresses), when their digest last went out, and
 * the user's shared links.
 */
export async function sharingOverview(ctx: AppContext, userId: string): Promise<SharingOverview> {
  const { db } = ctx.database;
  await pageStatsOf(db).flush();
  const [owner] = await db
    .select({ handle: users.handle, day: users.subscriberDigestDay, hour: users.subscriberDigestHour, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      pageViews30d: sql<number>`coalesce(sum(${publicPageStats.pageViews}), 0)::int`,
      feedFetches30d: sql<number>`coalesce(sum(${publicPageStats.feedFetches}), 0)::int`,
      subscribers: sql<number>`(select count(*) from ${categorySubscribers} s
        where s.category_id = ${categories.id} and s.confirmed_at is not null and s.unsubscribed_at is null)::int`,
      lastDigestSentAt: categories.subscriberDigestSentAt,
    })
    .from(categories)
    .leftJoin(publicPageStats, and(eq(publicPageStats.categoryId, categories.id), gte(publicPageStats.day, sql`current_date - 29`)))
    .where(and(eq(categories.userId, userId), eq(categories.public, true)))
    .groupBy(categories.id)
    .orderBy(desc(categories.publishedAt));
  return {
    handle: owner?.handle ?? null,
    digestSchedule: { day: owner?.day ?? 5, hour: owner?.hour ?? 9, timezone: owner?.timezone ?? 'UTC' },
    categories: rows.map((row) => ({
      id: row.id,
      name: row.name,
      publicUrl: owner?.handle && row.slug ? `${ctx.config.appUrl}${publicCategoryPath(owner.handle, row.slug)}` : '',
      pageViews30d: row.pageViews30d,
      feedFetches30d: row.feedFetches30d,
      subscribers: row.subscribers,
      lastDigestSentAt: row.lastDigestSentAt?.toISOString() ?? null,
    })),
    sharedLinks: await listSharedLinks(db, userId),
  };
}
