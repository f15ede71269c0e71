import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { categories, categorySubscribers, subscriberTokens, users } from '../db/schema';
import { newSecretToken } from '../auth/tokens';
import { deliverQueuedMails, dispatchMail, RETRY_AFTER_MS, senderDomain, storeEncodedMail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { fitToBudget } from '../mail/size-budget';
import { dayLabel, originalLinkItem } from '../digests/message';
import { zoneOf } from '../digests/schedule';
import { OVERDUE_AFTER_MS } from '../digests/send';
import { nextSendAfter, type DigestSchedule } from '../../shared/digest-schedule';
import { DAY_MS } from '../../shared/zoned-time';
import { publicCategoryPath } from '../../shared/sharing';
import { pageIsOpen } from './public-categories';
import { activeSubscriber, curatorOf, subscriberPaths } from './subscribers';
import { encodeOnThread } from './subscriber-encode-thread';

/*
 * The weekly digest of a published category to its subscribers (docs/sharing.md). Each category's
 * next send is categories.subscriber_digest_next_at, on the owner's chosen weekday and hour in their
 * zone. The minute sweep enqueues a `sharing.subscriber-digest` job per category due; the job claims
 * the week (subscriber_digest_until moves to the slot in a conditional UPDATE, so a week goes out
 * at most once), composes the links saved in it, and stores one message per subscriber in the
 * outbox, whose delivery, retries, bounces and complaints are the personal digests' (mail/). The
 * job delivers the messages itself, DIGEST_SEND_RATE a second over the outbox's connections (a job
 * per message went at the deliver queue's pace, 3 a second); one SMTP defers goes to mail.deliver's
 * retries, and one a crash leaves queued is dispatched by the outbox sweep. A week without new links
 * sends nothing.
 */

/** Categories taken per sweep statement. */
const CHUNK = 1000;
/** Messages rendered, stored and delivered together. */
const MESSAGES_AT_ONCE = 200;

/** Links in one digest at most; the rest are "and N more on the page". */
const MAX_LINKS = 50;

const weekly = (day: number, hour: number): DigestSchedule => ({
  frequency: 'weekly',
  time: hour,
  days: [day],
  hours: { [day]: hour },
  repeatUnit: 'week',
  repeatInterval: 1,
});

type Owner = { timezone: string; subscriberDigestDay: number; subscriberDigestHour: number };
const nextSlotAfter = (owner: Owner, after: Date) =>
  nextSendAfter(weekly(owner.subscriberDigestDay, owner.subscriberDigestHour), zoneOf(owner), after)!;

/** Schedules published categories that have no next send yet, and enqueues the digests now due. */
export async function sweepSubscriberDigests(ctx: AppContext, now = new Date()): Promise<{ due: number }> {
  const { db } = ctx.database;
  const owner = {
    timezone: users.timezone,
    subscriberDigestDay: users.subscriberDigestDay,
    subscriberDigestHour: users.subscriberDigestHour,
  };
  const waiting = await db
    .select({ id: categories.id, ...owner })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .where(and(eq(categories.public, true), sql`${categories.subscriberDigestNextAt} is null`))
    .limit(CHUNK);
  await setNextAt(
    db,
    waiting.map((row) => ({ id: row.id, next: nextSlotAfter(row, now) })),
  );

  const pending = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: categories.id, slot: categories.subscriberDigestNextAt, ...owner })
      .from(categories)
      .innerJoin(users, eq(users.id, categories.userId))
      .where(and(eq(categories.public, true), sql`${categories.subscriberDigestNextAt} <= ${now}`))
      .limit(CHUNK)
      .for('update', { of: categories, skipLocked: true });
    await setNextAt(
      tx,
      due.map((row) => ({ id: row.id, next: nextSlotAfter(row, now) })),
    );
    // A slot missed by more than 6 hours (the service was down) is not sent: the next week's is.
    return due.filter((row) => now.getTime() - row.slot!.getTime() <= OVERDUE_AFTER_MS);
  });
  await ctx.jobs.sendMany(
    'sharing.subscriber-digest',
    pending.map((row) => {
      const scheduledFor = row.slot!.toISOString();
      return { payload: { categoryId: row.id, scheduledFor }, singletonKey: `${row.id}:${scheduledFor}` };
    }),
  );
  return { due: pending.length };
}

async function setNextAt(db: Pick<AppContext['database']['db'], 'execute'>, changes: { id: string; next: Date }[]): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`
    update categories c set subscriber_digest_next_at = n.next
    from unnest(${sql.param(changes.map((c) => c.id))}::uuid[], ${sql.param(changes.map((c) => c.next))}::timestamptz[]) as n(id, next)
    where c.id = n.id`);
}

/**
 * Sends the category's digest of the week ending at `slot` to its confirmed subscribers; answers
 * how many messages went to the outbox (none: the week was done already, the page is gone, nothing
 * was saved in it, or nobody subscribes; fewer: it was unpublished during the send).
 */
export async function sendSubscriberDigest(ctx: AppContext, categoryId: string, slot: Date): Promise<number> {
  const { db } = ctx.database;
  const since = await claimWeek(ctx, categoryId, slot);
  if (since === undefined) return 0;
  const [category] = await db
    .select({
      id: categories.id,
      userId: categories.userId,
      name: categories.name,
      slug: categories.slug,
      showNotes: categories.showNotes,
      handle: users.handle,
      ownerName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
      timezone: users.timezone,
      accountType: users.accountType,
      trialEndsAt: users.trialEndsAt,
      subscriptionEndsAt: users.subscriptionEndsAt,
    })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .where(eq(categories.id, categoryId));
  if (!category?.handle || !category.slug || !pageIsOpen(category, ctx.config.billing, slot)) return 0;

  const { rows: links } = await db.execute<{
    url: string;
    title: string | null;
    notes: string | null;
    excerpt: string | null;
    site_name: string | null;
    reading_minutes: number | null;
    created_at: string | Date;
    total: string;
  }>(sql`
    select l.url, l.title, case when ${category.showNotes}::boolean then l.notes end as notes, coalesce(l.excerpt, l.description) as excerpt,
           l.site_name, l.reading_minutes, l.created_at, count(*) over () as total
    from links l
    where l.user_id = ${category.userId} and l.categories @> jsonb_build_array(${category.name}::text)
      and l.created_at > ${since} and l.created_at <= ${slot}
    order by l.created_at desc, l.id desc
    limit ${MAX_LINKS}`);
  if (links.length === 0) return 0;
  const subscribers = await db
    .select({ id: categorySubscribers.id, email: categorySubscribers.email })
    .from(categorySubscribers)
    .where(and(eq(categorySubscribers.categoryId, categoryId), activeSubscriber));
  if (subscribers.length === 0) return 0;

  const zone = zoneOf(category);
  const items = links.map((row) =>
    originalLinkItem(
      {
        url: row.url,
        title: row.title,
        notes: row.notes,
        excerpt: row.excerpt,
        siteName: row.site_name,
        readingMinutes: row.reading_minutes,
        createdAt: new Date(row.created_at),
      },
      zone,
      slot,
    ),
  );
  const total = Number(links[0].total);
  const pageUrl = `${ctx.config.appUrl}${publicCategoryPath(category.handle, category.slug)}`;
  const host = new URL(ctx.config.appUrl).hostname;
  const unsubscribeUrlOf = (token: string) => `${ctx.config.appUrl}${subscriberPaths.unsubscribe}/${token}`;
  const render = (unsubscribeUrl: string, shown: number) =>
    renderEmail('category-digest', {
      appUrl: ctx.config.appUrl,
      categoryName: category.name,
      curator: curatorOf({ ownerName: category.ownerName, handle: category.handle! }),
      pageUrl,
      dateLabel: dayLabel(zone, slot),
      items: items.slice(0, shown),
      moreCount: total - shown,
      unsubscribeUrl,
    });
  // Every message differs only in its address and unsubscribe link, a token of one length: it is
  // rendered once, measured once against the size budget, with a random stand-in for the token that
  // each subscriber's message replaces (rendering each one was most of the send's time).
  const standIn = newSecretToken().token;
  const headersFor = (token: string) => ({
    'List-Unsubscribe': `<${unsubscribeUrlOf(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    // Handles and slugs are letters, digits and hyphens: a phrase that needs no quoting nor encoding.
    'List-Id': `${category.handle}/${category.slug} <${category.slug}.${category.handle}.subscribers.${host}>`,
    'Feedback-ID': `category-digest:stash:${senderDomain(ctx.config)}`,
  });
  const { mail: sample } = await fitToBudget(items.length, async (count) => ({
    from: ctx.config.mailFrom,
    to: subscribers[0].email,
    headers: headersFor(standIn),
    ...(await render(unsubscribeUrlOf(standIn), count)),
  }));
  const copySample = {
    from: ctx.config.mailFrom,
    subject: sample.subject,
    html: sample.html,
    text: sample.text,
    standIn,
  };
  const domain = senderDomain(ctx.config);
  const batchOf = (at: number) =>
    subscribers
      .slice(at, at + MESSAGES_AT_ONCE)
      .map((subscriber) => ({ subscriberId: subscriber.id, email: subscriber.email, ...newSecretToken(), id: randomUUID() }));
  const encode = (batch: ReturnType<typeof batchOf>) =>
    encodeOnThread(
      copySample,
      batch.map((m) => ({ messageId: `<${m.id}@${domain}>`, to: m.email, token: m.token, headers: headersFor(m.token) })),
    );

  // A batch at a time, stored and delivered before the next is stored: ten thousand messages held at
  // once were hundreds of megabytes. The thread encodes the next batch while this one goes out.
  let sentAt = 0;
  let batch = batchOf(0);
  let encoding = encode(batch);
  for (let at = 0; at < subscribers.length; at += MESSAGES_AT_ONCE) {
    const encoded = await encoding;
    const current = batch;
    if (at + MESSAGES_AT_ONCE < subscribers.length) {
      batch = batchOf(at + MESSAGES_AT_ONCE);
      encoding = encode(batch);
      // Awaited on the next turn; until then, a failure must not count as unhandled if this one stops the send.
      encoding.catch(() => {});
    }
    const stored = await db.transaction(async (tx) => {
      // Unpublished meanwhile: its subscribers are gone (unpublished.ts), and nothing more is sent.
      const [still] = await tx.select({ public: categories.public }).from(categories).where(eq(categories.id, categoryId)).for('share');
      if (!still?.public) return false;
      await tx
        .insert(subscriberTokens)
        .values(current.map((m) => ({ tokenHash: m.hash, subscriberId: m.subscriberId, purpose: 'unsubscribe' as const })));
      await storeEncodedMail(
        tx,
        current.map((m, i) => ({
          id: m.id,
          subscriberId: m.subscriberId,
          to: m.email,
          template: 'category-digest' as const,
          subject: sample.subject,
          headers: headersFor(m.token),
          html: asBuffer(encoded[i].html),
          text: asBuffer(encoded[i].text),
        })),
      );
      if (at === 0) await tx.update(categories).set({ subscriberDigestSentAt: new Date() }).where(eq(categories.id, categoryId));
      return true;
    });
    if (!stored) return at;
    sentAt = await deliverPaced(
      ctx,
      current.map((m, i) => ({ id: m.id, to: m.email, raw: asBuffer(encoded[i].raw) })),
      sentAt,
    );
  }
  return subscribers.length;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Delivers stored messages DIGEST_SEND_RATE a second; those SMTP defers, or a stop hands back, go to mail.deliver. */
async function deliverPaced(ctx: AppContext, messages: { id: string; to: string; raw: Buffer }[], startedAt: number): Promise<number> {
  const perSecond = Math.max(1, Math.floor(ctx.config.digestSendRate));
  const started = startedAt || Date.now();
  for (let at = 0; at < messages.length; at += perSecond) {
    const wait = started + (at / perSecond) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const chunk = messages.slice(at, at + perSecond);
    const bodies = new Map(chunk.map((m) => [m.id, { raw: m.raw, to: m.to }]));
    const deliveries = await deliverQueuedMails(
      ctx,
      chunk.map((m) => m.id),
      bodies,
    );
    for (const [outboxId, delivery] of deliveries) {
      if (delivery.status === 'queued') await dispatchMail(ctx, outboxId, { startAfter: new Date(Date.now() + RETRY_AFTER_MS) });
      if (delivery.status === 'handedBack') await dispatchMail(ctx, outboxId);
    }
  }
  return started;
}

/**
 * Takes the week ending at `slot` for this send: subscriber_digest_until moves to the slot only if
 * it was before it. Answers where the week starts (the previous digest's slot, or a week before this
 * one for a first digest), or undefined when another attempt took it, or a later week went already.
 */
async function claimWeek(ctx: AppContext, categoryId: string, slot: Date): Promise<Date | undefined> {
  const { rows } = await ctx.database.db.execute<{ since: string | Date | null }>(sql`
    with previous as (select id, subscriber_digest_until from categories where id = ${categoryId} for update)
    update categories c set subscriber_digest_until = ${slot}
    from previous
    where c.id = previous.id and (previous.subscriber_digest_until is null or previous.subscriber_digest_until < ${slot})
    returning previous.subscriber_digest_until as since`);
  if (rows.length === 0) return undefined;
  return rows[0].since ? new Date(rows[0].since) : new Date(slot.getTime() - 7 * DAY_MS);
}
