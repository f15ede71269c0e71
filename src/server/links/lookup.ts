import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUuid } from '../db/ids';
import { links } from '../db/schema';
import type { RequestUser } from '../auth/current-user';
import { normaliseForDuplicates } from '../../shared/link-rules';
import type { Link } from '../../shared/links-schemas';
import { linkColumns, toLink } from './link-answer';

/** The user's newest link to the same page (the duplicate rule of link-rules.ts), or null: "Already saved on …". */
export async function findSavedLink(db: Db, user: RequestUser, url: string): Promise<Link | null> {
  const [row] = await db
    .select(linkColumns)
    .from(links)
    .where(and(eq(links.userId, user.id), eq(links.normalizedUrl, normaliseForDuplicates(url))))
    .orderBy(desc(links.createdAt))
    .limit(1);
  return row ? toLink(row, user.timezone) : null;
}

/** One of the user's links by id (the reader's read state and whether the page could be read); null for any other. */
export async function findLinkById(db: Db, user: RequestUser, id: string): Promise<Link | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(linkColumns)
    .from(links)
    .where(and(eq(links.userId, user.id), eq(links.id, id)));
  return row ? toLink(row, user.timezone) : null;
}
