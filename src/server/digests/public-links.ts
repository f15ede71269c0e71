import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { links, mailOutbox, users } from '../db/schema';
import { recordLinkOpen } from './link-opens';
import { readDigestToken } from './urls';

/*
 * What the signed links in a digest do. Each token names its ids; every query is scoped by the
 * user id inside the token, so a token can only ever touch its own user's rows.
 */

/** Whether the token is a genuine unsubscribe link (the GET page shows its button only then). */
export function isUnsubscribeToken(ctx: AppContext, token: string): boolean {
  return readDigestToken(ctx.config, 'unsubscribe', token) !== null;
}

/** One-click unsubscribe: digests stop at once (frequency none). False for a token that is not genuine. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<boolean> {
  const ids = readDigestToken(ctx.config, 'unsubscribe', token);
  if (!ids) return false;
  const [userId] = ids;
  await ctx.database.db
    .update(users)
    .set({ emailFrequency: 'none', nextDigestAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return true;
}

/**
 * Where a digest's link goes: the saved URL, after recording the open, which marks the link read
 * unless the user turned read tracking off or it looks like a mail scanner's (link-opens.ts). Null
 * for a token that is not genuine or a link since deleted. Only the saved http(s) URL is ever a
 * destination, never anything from the request: no open redirect.
 */
export async function openLink(ctx: AppContext, token: string, options: { markRead: boolean }): Promise<string | null> {
  const ids = readDigestToken(ctx.config, 'open', token);
  if (!ids) return null;
  const [linkId, userId] = ids;
  const { db } = ctx.database;
  const [link] = await db
    .select({ url: links.url, trackReads: users.trackReads })
    .from(links)
    .innerJoin(users, eq(users.id, links.userId))
    .where(and(eq(links.id, linkId), eq(links.userId, userId)));
  if (!link || !/^https?:\/\//i.test(link.url)) return null;
  if (options.markRead) await recordLinkOpen(db, { userId, linkId, markRead: link.trackReads });
  return link.url;
}

/** The HTML of a digest as it was sent, for its "View in your browser" link. */
export async function webViewHtml(ctx: AppContext, token: string): Promise<string | null> {
  const ids = readDigestToken(ctx.config, 'view', token);
  if (!ids) return null;
  const [outboxId, userId] = ids;
  const [mail] = await ctx.database.db
    .select({ html: mailOutbox.html })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'digest')));
  return mail ? asPage(mail.html) : null;
}

/** The mail's content as the page's main landmark: in a browser tab it is a page, with one <main> (the mail has no <body> tag). */
function asPage(html: string): string {
  return html.replace('</head>', '</head><main>').replace('</html>', '</main></html>');
}
