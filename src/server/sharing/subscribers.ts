import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { categories, categorySubscribers, subscriberTokens, users } from '../db/schema';
import { hashToken, newSecretToken } from '../auth/tokens';
import { isUuid } from '../db/ids';
import { dispatchMail, queueMail } from '../mail/outbox';
import { zoneOf } from '../digests/schedule';
import { CONFIRMATION_MAILS_A_DAY, publicCategoryPath, weeklyDigestLabel } from '../../shared/sharing';
import type { PublicCategory } from './public-categories';

/*
 * A published category's subscribers (docs/sharing.md): addresses, not accounts. Subscribing
 * writes a pending row and mails one confirmation link; only a confirmed subscriber gets the weekly
 * digest (subscriber-digests.ts). Links carry random tokens whose SHA-256 alone is kept.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirmation link works this long; subscribing again mails a fresh one. */
const CONFIRM_TOKEN_DAYS = 7;

export const subscriberPaths = { confirm: '/subscriptions/confirm', unsubscribe: '/subscriptions/unsubscribe' } as const;

/** "Ada Lovelace (@ada)", or "@ada" without a name. */
export const curatorOf = (category: Pick<PublicCategory, 'ownerName' | 'handle'>) =>
  category.ownerName ? `${category.ownerName} (@${category.handle})` : `@${category.handle}`;

/**
 * Subscribes the address to the category, pending until it confirms: the confirmation mail goes out
 * unless the address has had its three today. An address confirmed already gets nothing, and the
 * answer is the same whatever the case, so the form tells no one who subscribes.
 */
export async function subscribe(ctx: AppContext, category: PublicCategory, email: string): Promise<void> {
  const { db } = ctx.database;
  // An unsubscribed address that subscribes again confirms again.
  const { rows } = await db.execute<{ id: string; confirmed: boolean }>(sql`
    insert into category_subscribers (category_id, email) values (${category.id}, ${email})
    on conflict (category_id, lower(email)) do update set
      confirmed_at = case when category_subscribers.unsubscribed_at is null then category_subscribers.confirmed_at end,
      unsubscribed_at = null, unsubscribed_reason = null
    returning id, confirmed_at is not null as confirmed`);
  const [subscriber] = rows;
  if (subscriber.confirmed) return;
  const mails = await ctx.rateLimiter.attempt(`subscriber-confirm:${email.toLowerCase()}`, [
    { limit: CONFIRMATION_MAILS_A_DAY, windowSeconds: DAY_MS / 1000 },
  ]);
  if (!mails.allowed) return;

  const { token, hash } = newSecretToken();
  const confirmUrl = `${ctx.config.appUrl}${subscriberPaths.confirm}/${token}`;
  const outboxId = await db.transaction(async (tx) => {
    await tx.insert(subscriberTokens).values({ tokenHash: hash, subscriberId: subscriber.id, purpose: 'confirm' });
    return queueMail(tx, {
      subscriberId: subscriber.id,
      to: email,
      template: 'subscription-confirm',
      props: {
        appUrl: ctx.config.appUrl,
        categoryName: category.name,
        curator: curatorOf(category),
        when: weeklyDigestLabel(category.subscriberDigestDay, category.subscriberDigestHour, zoneOf(category)),
        confirmUrl,
      },
    });
  });
  await dispatchMail(ctx, outboxId);
}

export interface SubscriberTarget {
  subscriberId: string;
  categoryName: string;
  curator: string;
  pageUrl: string;
  when: string;
}

/** The subscriber a link's token names, for its purpose; a confirmation token only while it is fresh. */
export async function subscriberTarget(
  ctx: AppContext,
  token: string,
  purpose: 'confirm' | 'unsubscribe',
): Promise<SubscriberTarget | undefined> {
  const fresh = purpose === 'confirm' ? gt(subscriberTokens.createdAt, new Date(Date.now() - CONFIRM_TOKEN_DAYS * DAY_MS)) : undefined;
  const [row] = await ctx.database.db
    .select({
      subscriberId: categorySubscribers.id,
      categoryName: categories.name,
      slug: categories.slug,
      handle: users.handle,
      ownerName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
      timezone: users.timezone,
      day: users.subscriberDigestDay,
      hour: users.subscriberDigestHour,
    })
    .from(subscriberTokens)
    .innerJoin(categorySubscribers, eq(categorySubscribers.id, subscriberTokens.subscriberId))
    .innerJoin(categories, eq(categories.id, categorySubscribers.categoryId))
    .innerJoin(users, eq(users.id, categories.userId))
    .where(and(eq(subscriberTokens.tokenHash, hashToken(token)), eq(subscriberTokens.purpose, purpose), fresh));
  if (!row?.handle || !row.slug) return undefined;
  return {
    subscriberId: row.subscriberId,
    categoryName: row.categoryName,
    curator: curatorOf({ ownerName: row.ownerName, handle: row.handle }),
    pageUrl: `${ctx.config.appUrl}${publicCategoryPath(row.handle, row.slug)}`,
    when: weeklyDigestLabel(row.day, row.hour, zoneOf(row)),
  };
}

/** Confirms the subscriber (once; an unsubscribed one stays unsubscribed). True when they now get the digest. */
export async function confirmSubscriber(ctx: AppContext, target: SubscriberTarget): Promise<boolean> {
  const [row] = await ctx.database.db
    .update(categorySubscribers)
    .set({ confirmedAt: sql`coalesce(${categorySubscribers.confirmedAt}, now())` })
    .where(and(eq(categorySubscribers.id, target.subscriberId), isNull(categorySubscribers.unsubscribedAt)))
    .returning({ id: categorySubscribers.id });
  return row !== undefined;
}

export async function unsubscribeSubscriber(ctx: AppContext, target: SubscriberTarget): Promise<void> {
  await ctx.database.db
    .update(categorySubscribers)
    .set({ unsubscribedAt: new Date(), unsubscribedReason: 'link' })
    .where(and(eq(categorySubscribers.id, target.subscriberId), isNull(categorySubscribers.unsubscribedAt)));
}

/**
 * Removes the tokens no link can use any more: confirmation tokens past their 7 days (used or not;
 * a used one only confirmed again what was confirmed), and every token of a subscriber who
 * unsubscribed more than 7 days ago (one-click unsubscribe links keep working a week after, for a
 * mail client that posts twice). An active subscriber's unsubscribe tokens stay: any digest they
 * still hold must unsubscribe them. Answers how many went. Run by the hourly sharing job (lapse-job.ts).
 */
export async function pruneSubscriberTokens(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CONFIRM_TOKEN_DAYS * DAY_MS);
  const { rowCount } = await ctx.database.db.execute(sql`
    delete from subscriber_tokens t
    where (t.purpose = 'confirm' and t.created_at <= ${before})
       or exists (select 1 from category_subscribers s where s.id = t.subscriber_id and s.unsubscribed_at <= ${before})`);
  return rowCount ?? 0;
}

/** Who gets the digest: confirmed, not unsubscribed. */
export const activeSubscriber = and(isNotNull(categorySubscribers.confirmedAt), isNull(categorySubscribers.unsubscribedAt));

/** The owner's category's active subscribers, for the Pro export; undefined when the category is not theirs. */
export async function subscriberList(ctx: AppContext, userId: string, categoryId: string) {
  const { db } = ctx.database;
  if (!isUuid(categoryId)) return undefined;
  const [category] = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)));
  if (!category) return undefined;
  const rows = await db
    .select({ email: categorySubscribers.email, confirmedAt: categorySubscribers.confirmedAt })
    .from(categorySubscribers)
    .where(and(eq(categorySubscribers.categoryId, categoryId), activeSubscriber))
    .orderBy(categorySubscribers.confirmedAt);
  return { slug: category.slug ?? 'category', rows: rows.map((row) => ({ email: row.email, confirmedAt: row.confirmedAt! })) };
}
