import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUuid } from '../db/ids';
import { highlights, links, pageCopies } from '../db/schema';
import { reanchor } from './anchoring';
import { HttpError } from '../http/errors';
import { linkMessages } from '../../shared/link-messages';
import { highlightMessages, type CreateHighlightBody, type Highlight, type UpdateHighlightBody } from '../../shared/highlight-schemas';

/** Writing and reading one link's highlights. Every query names the owner; links.highlight_count moves in the same transaction. */

export const highlightColumns = {
  id: highlights.id,
  linkId: highlights.linkId,
  exact: highlights.exact,
  prefix: highlights.prefix,
  suffix: highlights.suffix,
  start: highlights.startOffset,
  end: highlights.endOffset,
  color: highlights.color,
  note: highlights.note,
  createdAt: highlights.createdAt,
  updatedAt: highlights.updatedAt,
  anchored: highlights.anchored,
};

type Selected = typeof highlights.$inferSelect;
export type HighlightRow = Pick<
  Selected,
  'id' | 'linkId' | 'exact' | 'prefix' | 'suffix' | 'color' | 'note' | 'createdAt' | 'updatedAt' | 'anchored'
> & { start: number; end: number };

export function toHighlight(row: HighlightRow): Highlight {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const linkNotFound = () => new HttpError(404, 'NOT_FOUND', linkMessages.linkNotFound);
const highlightNotFound = () => new HttpError(404, 'NOT_FOUND', highlightMessages.highlightNotFound);

/** The link's highlights in reading order; 404 when the link is not the user's. */
export async function listLinkHighlights(db: Db, userId: string, linkId: string): Promise<Highlight[]> {
  if (!isUuid(linkId)) throw linkNotFound();
  const rows = await db
    .select(highlightColumns)
    .from(highlights)
    .where(and(eq(highlights.linkId, linkId), eq(highlights.userId, userId)))
    .orderBy(asc(highlights.startOffset), asc(highlights.createdAt));
  if (rows.length === 0) {
    const [owned] = await db
      .select({ id: links.id })
      .from(links)
      .where(and(eq(links.id, linkId), eq(links.userId, userId)));
    if (!owned) throw linkNotFound();
  }
  return rows.map(toHighlight);
}

/**
 * A new highlight on one of the user's links: the link's counter is raised first, which also proves
 * it is theirs (and locks the link). A quote without a position (the extension's) is found in the
 * readable copy; with no copy yet, or not found in it, it is kept as a quote (anchored = false)
 * until the page is read: reanchor.ts takes the same lock before it looks, so a copy recorded
 * meanwhile still finds it.
 */
export async function createHighlight(db: Db, userId: string, linkId: string, body: CreateHighlightBody): Promise<Highlight> {
  if (!isUuid(linkId)) throw linkNotFound();
  const row = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(links)
      .set({ highlightCount: sql`${links.highlightCount} + 1` })
      .where(and(eq(links.id, linkId), eq(links.userId, userId)))
      .returning({ id: links.id });
    if (!link) return undefined;
    const anchor =
      body.start !== undefined && body.end !== undefined
        ? { ...body, start: body.start, end: body.end, anchored: true }
        : await placeQuote(tx, linkId, body);
    const [created] = await tx
      .insert(highlights)
      .values({
        userId,
        linkId,
        exact: anchor.exact,
        prefix: anchor.prefix,
        suffix: anchor.suffix,
        startOffset: anchor.start,
        endOffset: anchor.end,
        anchored: anchor.anchored,
        color: body.color,
        note: body.note || null,
      })
      .returning(highlightColumns);
    return created;
  });
  if (!row) throw linkNotFound();
  return toHighlight(row);
}

/** A quote's place in the link's copy, described afresh there; the quote as it came (anchored = false) when there is none. */
async function placeQuote(tx: Pick<Db, 'select'>, linkId: string, quote: Pick<CreateHighlightBody, 'exact' | 'prefix' | 'suffix'>) {
  const [copy] = await tx.select({ text: pageCopies.text }).from(pageCopies).where(eq(pageCopies.linkId, linkId));
  const asQuote = { exact: quote.exact, prefix: quote.prefix, suffix: quote.suffix, start: 0, end: quote.exact.length };
  const found = copy?.text ? reanchor(copy.text, asQuote) : null;
  return found ? { ...found, anchored: true } : { ...asQuote, anchored: false };
}

export async function updateHighlight(db: Db, userId: string, id: string, body: UpdateHighlightBody): Promise<Highlight> {
  const [row] = isUuid(id)
    ? await db
        .update(highlights)
        .set({
          ...(body.color !== undefined && { color: body.color }),
          // An empty note removes it.
          ...(body.note !== undefined && { note: body.note || null }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(highlights.id, id), eq(highlights.userId, userId)))
        .returning(highlightColumns)
    : [];
  if (!row) throw highlightNotFound();
  return toHighlight(row);
}

export async function deleteHighlight(db: Db, userId: string, id: string): Promise<void> {
  const deleted =
    isUuid(id) &&
    (await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(highlights)
        .where(and(eq(highlights.id, id), eq(highlights.userId, userId)))
        .returning({ linkId: highlights.linkId });
      if (row) {
        await tx
          .update(links)
          .set({ highlightCount: sql`greatest(${links.highlightCount} - 1, 0)` })
          .where(and(eq(links.id, row.linkId), eq(links.userId, userId)));
      }
      return row !== undefined;
    }));
  if (!deleted) throw highlightNotFound();
}
