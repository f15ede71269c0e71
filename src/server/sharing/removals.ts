import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { categories, links, sharedLinks, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashToken } from '../auth/tokens';
import { dispatchMail, queueMail } from '../mail/outbox';
import { tierOf } from '../../shared/permissions';
import { LAPSED_PAGE_DAYS, sharingMessages } from '../../shared/sharing';
import { lapseStart } from './public-categories';
import { removeSubscribers } from './unpublished';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An administrator takes down a public page or a shared link, named by its address
 * (https://…/@ada/rust or https://…/s/<token>): the page answers 404 at once, the owner is mailed why,
 * and a page taken down cannot be published again by its owner.
 */
export async function takeDown(ctx: AppContext, address: string, reason: string): Promise<{ removed: 'page' | 'sharedLink' }> {
  const path = URL.canParse(address) ? new URL(address).pathname : address.split(/[?#]/)[0];
  const page = /^\/@([^/]+)\/([^/]+)\/?/.exec(path);
  const shared = /^\/s\/([^/]+)\/?$/.exec(path);
  const { db } = ctx.database;
  if (page) {
    const [handle, slug] = [decodeURIComponent(page[1]).toLowerCase(), decodeURIComponent(page[2]).toLowerCase()];
    const outboxId = await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, categoryId: categories.id, name: categories.name })
        .from(categories)
        .innerJoin(users, eq(users.id, categories.userId))
        .where(and(eq(users.handle, handle), eq(categories.slug, slug)));
      if (!owner) return undefined;
      await tx
        .update(categories)
        .set({ public: false, removedReason: 'takedown', removedAt: new Date() })
        .where(eq(categories.id, owner.categoryId));
      await removeSubscribers(tx, owner.categoryId);
      return queueMail(tx, {
        userId: owner.id,
        to: owner.email,
        template: 'sharing-removed',
        props: { appUrl: ctx.config.appUrl, firstName: owner.firstName, what: `your public page “${owner.name}”`, reason, takedown: true },
      });
    });
    if (!outboxId) throw new HttpError(404, 'NOT_FOUND', sharingMessages.takedownNotFound);
    await dispatchMail(ctx, outboxId);
    return { removed: 'page' };
  }
  if (shared) {
    const tokenHash = hashToken(decodeURIComponent(shared[1]));
    const outboxId = await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, title: links.title, url: links.url })
        .from(sharedLinks)
        .innerJoin(users, eq(users.id, sharedLinks.userId))
        .innerJoin(links, eq(links.id, sharedLinks.linkId))
        .where(eq(sharedLinks.tokenHash, tokenHash));
      if (!owner) return undefined;
      await tx.delete(sharedLinks).where(eq(sharedLinks.tokenHash, tokenHash));
      return queueMail(tx, {
        userId: owner.id,
        to: owner.email,
        template: 'sharing-removed',
        props: {
          appUrl: ctx.config.appUrl,
          firstName: owner.firstName,
          what: `your shared link to “${owner.title ?? owner.url}”`,
          reason,
          takedown: true,
        },
      });
    });
    if (!outboxId) throw new HttpError(404, 'NOT_FOUND', sharingMessages.takedownNotFound);
    await dispatchMail(ctx, outboxId);
    return { removed: 'sharedLink' };
  }
  throw new HttpError(404, 'NOT_FOUND', sharingMessages.takedownNotFound);
}

/**
 * Public pages whose owner's Pro (or trial) ended more than 30 days ago: unpublished, and the owner
 * told. The page itself already answers 404 from that moment (pageIsOpen); this makes the row say so.
 */
export async function unpublishLapsedPages(ctx: AppContext, now: Date): Promise<number> {
  const { db } = ctx.database;
  if (ctx.config.billing === 'off') return 0;
  const cutoff = new Date(now.getTime() - LAPSED_PAGE_DAYS * DAY_MS);
  const candidates = await db
    .select({
      categoryId: categories.id,
      name: categories.name,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      accountType: users.accountType,
      trialEndsAt: users.trialEndsAt,
      subscriptionEndsAt: users.subscriptionEndsAt,
    })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .where(
      and(
        eq(categories.public, true),
        or(
          eq(users.accountType, 'free'),
          and(isNotNull(users.subscriptionEndsAt), lte(users.subscriptionEndsAt, cutoff)),
          and(isNotNull(users.trialEndsAt), lte(users.trialEndsAt, cutoff)),
        ),
      ),
    );
  let removed = 0;
  for (const page of candidates) {
    const tier = tierOf(page, ctx.config.billing, now);
    const ended = lapseStart(page);
    if (tier === 'pro' || tier === 'trial' || (ended && ended > cutoff)) continue;
    const outboxId = await db.transaction(async (tx) => {
      const updated = await tx
        .update(categories)
        .set({ public: false, removedReason: 'lapsed', removedAt: now })
        .where(and(eq(categories.id, page.categoryId), eq(categories.public, true)))
        .returning({ id: categories.id });
      // Another run took it first.
      if (updated.length === 0) return undefined;
      await removeSubscribers(tx, page.categoryId);
      return queueMail(tx, {
        userId: page.userId,
        to: page.email,
        template: 'sharing-removed',
        props: {
          appUrl: ctx.config.appUrl,
          firstName: page.firstName,
          what: `your public page “${page.name}”`,
          reason: `Stash Pro ended more than ${LAPSED_PAGE_DAYS} days ago, and public pages are a Pro feature.`,
          takedown: false,
        },
      });
    });
    if (outboxId) {
      await dispatchMail(ctx, outboxId);
      removed++;
    }
  }
  return removed;
}
