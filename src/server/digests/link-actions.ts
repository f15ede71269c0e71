import { and, eq, sql } from 'drizzle-orm';
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

/** Does what the action says; doing it twice is the same as once. */
export async function applyLinkAction(ctx: AppContext, action: LinkAction, target: ActionTarget): Promise<void> {
  await ctx.database.db
    .update(links)
    .set(changes[action])
    .where(and(eq(links.id, target.linkId), eq(links.userId, target.userId)));
}
