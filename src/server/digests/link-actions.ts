import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context';
import { links } from '../db/schema';
import { readDigestToken, type LinkAction } from './urls';

/*
 * The one-tap actions under each link of a digest, which work without signing in. The token names
 * the link and its owner, and every query is scoped by both: a token can only touch its own link.
 */

export interface ActionTarget {
  linkId: string;
  userId: string;
  /** What the confirmation and result pages call the link. */
  title: string;
}

/** The link a genuine token of this action names, if it still exists; null otherwise. */
export async function actionTarget(ctx: AppContext, action: LinkAction, token: string): Promise<ActionTarget | null> {
  const ids = readDigestToken(ctx.config, action, token);
  if (!ids) return null;
  const [linkId, userId] = ids;
  const [link] = await ctx.database.db
    .select({ title: links.title, url: links.url })
    .from(links)
    .where(and(eq(links.id, linkId), eq(links.userId, userId)));
  return link ? { linkId, userId, title: link.title?.trim() || link.url } : null;
}

const changes = {
  markRead: { readAt: sql`coalesce(${links.readAt}, now())` },
  // Back in the next digest's "From your stash", whatever its age.
  snooze: { snoozedAt: sql`now()`, readAt: null },
  stopIncluding: { includeInNewsletter: false, snoozedAt: null },
} satisfies Record<LinkAction, Partial<Record<keyof typeof links.$inferInsert, unknown>>>;

/** What the actions change on a link, as it was before one: the result page's Undo puts it back. */
export const linkActionState = z.object({
  readAt: z.iso.datetime({ offset: true }).nullable(),
  snoozedAt: z.iso.datetime({ offset: true }).nullable(),
  includeInNewsletter: z.boolean(),
});
export type LinkActionState = z.infer<typeof linkActionState>;

/** Does what the action says (doing it twice is the same as once); answers the link's state before, or null when it is gone. */
export async function applyLinkAction(ctx: AppContext, action: LinkAction, target: ActionTarget): Promise<LinkActionState | null> {
  const owned = and(eq(links.id, target.linkId), eq(links.userId, target.userId));
  const [before] = await ctx.database.db
    .select({ readAt: links.readAt, snoozedAt: links.snoozedAt, includeInNewsletter: links.includeInNewsletter })
    .from(links)
    .where(owned);
  if (!before) return null;
  await ctx.database.db.update(links).set(changes[action]).where(owned);
  return {
    readAt: before.readAt?.toISOString() ?? null,
    snoozedAt: before.snoozedAt?.toISOString() ?? null,
    includeInNewsletter: before.includeInNewsletter,
  };
}

/** Puts the link back as it was before an action (the Undo of its result page). */
export async function restoreLinkState(ctx: AppContext, target: ActionTarget, state: LinkActionState): Promise<void> {
  await ctx.database.db
    .update(links)
    .set({
      readAt: state.readAt === null ? null : new Date(state.readAt),
      snoozedAt: state.snoozedAt === null ? null : new Date(state.snoozedAt),
      includeInNewsletter: state.includeInNewsletter,
    })
    .where(and(eq(links.id, target.linkId), eq(links.userId, target.userId)));
}
