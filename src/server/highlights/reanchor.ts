import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { highlights, links, pageCopies } from '../db/schema';
import { reanchor } from './anchoring';

/**
 * After a link's page was read again: each highlight is found again in the new copy's text and
 * its selectors follow it; one that is not there is kept with anchored = false ("not found in the
 * current copy"), never dropped. One statement writes every change.
 */
export async function reanchorLinkHighlights(db: Db, linkId: string): Promise<void> {
  // The link's lock: a highlight being added (service.ts) is committed, and seen below, before this looks.
  await db.transaction((tx) => reanchorLocked(tx, linkId));
}

async function reanchorLocked(db: Pick<Db, 'select' | 'execute'>, linkId: string): Promise<void> {
  await db.select({ id: links.id }).from(links).where(eq(links.id, linkId)).for('update');
  const rows = await db
    .select({
      id: highlights.id,
      exact: highlights.exact,
      prefix: highlights.prefix,
      suffix: highlights.suffix,
      start: highlights.startOffset,
      end: highlights.endOffset,
      anchored: highlights.anchored,
    })
    .from(highlights)
    .where(eq(highlights.linkId, linkId));
  if (rows.length === 0) return;
  const [copy] = await db.select({ text: pageCopies.text }).from(pageCopies).where(eq(pageCopies.linkId, linkId));
  const text = copy?.text ?? '';

  const changed = rows.flatMap((row) => {
    const found = text ? reanchor(text, row) : null;
    if (!found) return row.anchored ? [{ ...row, anchored: false }] : [];
    const same =
      row.anchored &&
      found.start === row.start &&
      found.end === row.end &&
      found.exact === row.exact &&
      found.prefix === row.prefix &&
      found.suffix === row.suffix;
    return same ? [] : [{ id: row.id, ...found, anchored: true }];
  });
  if (changed.length === 0) return;
  await db.execute(sql`
    update ${highlights} as h set exact = v.exact, prefix = v.prefix, suffix = v.suffix, start_offset = v.start, end_offset = v."end", anchored = v.anchored
    from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id uuid, exact text, prefix text, suffix text, start integer, "end" integer, anchored boolean)
    where h.id = v.id and h.link_id = ${linkId}`);
}
