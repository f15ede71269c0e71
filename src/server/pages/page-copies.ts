import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUuid } from '../db/ids';
import { links, pageCopies } from '../db/schema';
import { HttpError } from '../http/errors';
import { linkMessages } from '../../shared/link-messages';
import type { LinkContent } from '../../shared/links-schemas';

/** Reading a link's readable copy: for the reader view, its images, and other features (the digest). */

/** The owner's readable copy, every image pointed at Stash's image route. 404 for another user's link or no copy. */
export async function findLinkContent(db: Db, userId: string, id: string): Promise<LinkContent> {
  const [row] = isUuid(id)
    ? await db
        .select({ link: { url: links.url, title: links.title, notes: links.notes, categories: links.categories }, copy: pageCopies })
        .from(links)
        .leftJoin(pageCopies, eq(pageCopies.linkId, links.id))
        .where(and(eq(links.id, id), eq(links.userId, userId)))
    : [];
  if (!row) throw new HttpError(404, 'NOT_FOUND', linkMessages.linkNotFound);
  const { copy } = row;
  if (!copy?.html || copy.text === null) throw new HttpError(404, 'NO_READABLE_COPY', linkMessages.noReadableCopy);
  return {
    url: row.link.url,
    title: row.link.title ?? copy.title,
    notes: row.link.notes,
    categories: row.link.categories,
    byline: copy.byline,
    siteName: copy.siteName,
    excerpt: copy.excerpt,
    lang: copy.lang,
    publishedAt: copy.publishedAt?.toISOString() ?? null,
    fetchedAt: copy.fetchedAt.toISOString(),
    wordCount: copy.wordCount ?? 0,
    readingMinutes: copy.readingMinutes ?? 1,
    html: throughStash(copy.html, id),
    text: copy.text,
  };
}

const IMAGE_SRC = /(<img\b[^>]*?\ssrc=")(https:\/\/[^"]+)"/g;

/** The stored HTML's image addresses (written by sanitize-html, so always `src="https://…"`), as Stash URLs. */
function throughStash(html: string, linkId: string): string {
  return html.replace(
    IMAGE_SRC,
    (_match, start: string, src: string) =>
      `${start}${imageRoute(linkId, unescapeAttribute(src))}" referrerpolicy="no-referrer" loading="lazy"`,
  );
}

export function imageRoute(linkId: string, src: string): string {
  return `/api/links/${linkId}/image?src=${encodeURIComponent(src)}`;
}

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Whether the image belongs to the owner's link (lead image, icon, or in its readable copy): only those are fetched. */
export async function isImageOfLink(db: Db, userId: string, id: string, src: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ imageUrl: links.imageUrl, faviconUrl: links.faviconUrl, html: pageCopies.html })
    .from(links)
    .leftJoin(pageCopies, eq(pageCopies.linkId, links.id))
    .where(and(eq(links.id, id), eq(links.userId, userId)));
  if (!row) return false;
  if (src === row.imageUrl || src === row.faviconUrl) return true;
  for (const match of row.html?.matchAll(IMAGE_SRC) ?? []) if (unescapeAttribute(match[2]) === src) return true;
  return false;
}

export interface LinkPageSummary {
  siteName: string | null;
  excerpt: string | null;
  readingMinutes: number | null;
}

/**
 * What is known of the pages of these links (site name, excerpt, reading time), by link id, for
 * server-side features such as the digest. Only the given user's links answer.
 */
export async function findLinkPageSummaries(db: Db, userId: string, linkIds: string[]): Promise<Map<string, LinkPageSummary>> {
  const ids = linkIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: links.id, siteName: links.siteName, excerpt: links.excerpt, readingMinutes: links.readingMinutes })
    .from(links)
    .where(and(eq(links.userId, userId), inArray(links.id, ids)));
  return new Map(rows.map(({ id, ...summary }) => [id, summary]));
}
