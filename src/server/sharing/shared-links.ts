import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { isUuid } from '../db/ids';
import { links, pageCopies, sharedLinks } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashToken, newSecretToken } from '../auth/tokens';
import { cleanArticleHtml } from '../pages/read/clean-html';
import { type SharedLinkItem, sharedLinkPath, sharingMessages } from '../../shared/sharing';

/*
 * One saved link shared by address (docs/sharing.md): /s/<token> shows its readable copy and
 * original URL to anyone. The token is 256 random bits, kept only as its SHA-256; revoking deletes
 * the row. Nothing of the owner (notes, categories, account) is ever read for the page.
 */

/** Shares one of the user's links that has a readable copy; each call makes a new address. */
export async function shareLink(ctx: AppContext, userId: string, linkId: string): Promise<SharedLinkItem> {
  const { db } = ctx.database;
  const [link] = await db
    .select({ id: links.id, url: links.url, title: links.title, html: pageCopies.html })
    .from(links)
    .leftJoin(pageCopies, eq(pageCopies.linkId, links.id))
    .where(and(eq(links.id, linkId), eq(links.userId, userId)));
  if (!link) throw new HttpError(404, 'NOT_FOUND', 'There is no such link.');
  if (!link.html) throw new HttpError(409, 'NO_READABLE_COPY', sharingMessages.noReadableCopy);
  const { token, hash } = newSecretToken();
  const [row] = await db.insert(sharedLinks).values({ userId, linkId, tokenHash: hash }).returning();
  return {
    id: row.id,
    linkId,
    title: link.title ?? link.url,
    url: link.url,
    createdAt: row.createdAt.toISOString(),
    views: 0,
    shareUrl: `${ctx.config.appUrl}${sharedLinkPath(token)}`,
  };
}

export async function listSharedLinks(db: Db, userId: string): Promise<SharedLinkItem[]> {
  const rows = await db
    .select({
      id: sharedLinks.id,
      linkId: sharedLinks.linkId,
      title: links.title,
      url: links.url,
      createdAt: sharedLinks.createdAt,
      views: sharedLinks.views,
    })
    .from(sharedLinks)
    .innerJoin(links, eq(links.id, sharedLinks.linkId))
    .where(eq(sharedLinks.userId, userId))
    .orderBy(desc(sharedLinks.createdAt));
  return rows.map((row) => ({ ...row, title: row.title ?? row.url, createdAt: row.createdAt.toISOString() }));
}

export async function revokeSharedLink(db: Db, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id)
    ? await db
        .delete(sharedLinks)
        .where(and(eq(sharedLinks.id, id), eq(sharedLinks.userId, userId)))
        .returning({ id: sharedLinks.id })
    : [];
  if (deleted.length === 0) throw new HttpError(404, 'NOT_FOUND', sharingMessages.shareNotFound);
}

/** What /s/<token> shows, or undefined: the copy sanitised again as the reader's is, its title and source. */
export async function findSharedLink(db: Db, token: string) {
  const [row] = await db
    .update(sharedLinks)
    .set({ views: sql`${sharedLinks.views} + 1`, lastViewedAt: new Date() })
    .from(links)
    .where(and(eq(sharedLinks.tokenHash, hashToken(token)), eq(links.id, sharedLinks.linkId)))
    .returning({ linkId: sharedLinks.linkId, url: links.url, title: links.title });
  if (!row) return undefined;
  const [copy] = await db.select().from(pageCopies).where(eq(pageCopies.linkId, row.linkId));
  if (!copy?.html) return undefined;
  return {
    url: row.url,
    title: row.title ?? copy.title ?? row.url,
    siteName: copy.siteName,
    byline: copy.byline,
    readingMinutes: copy.readingMinutes,
    html: withoutReferrer(cleanArticleHtml(copy.html, copy.url)),
  };
}

/** The copy's images load from their own sites without being told which page showed them; its links carry rel="ugc nofollow". */
function withoutReferrer(html: string): string {
  // Sanitised HTML has rel only on links (cleanArticleHtml writes it): ours replaces it.
  return html
    .replaceAll('<img ', '<img referrerpolicy="no-referrer" loading="lazy" ')
    .replace(/ rel="[^"]*"/g, '')
    .replaceAll('<a ', '<a rel="ugc nofollow noopener noreferrer" ');
}
