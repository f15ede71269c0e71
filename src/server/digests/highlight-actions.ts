import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { highlights } from '../db/schema';
import { readDigestToken } from './urls';

/*
 * "Don't show this again" under a digest's highlight of the day, which works without signing in.
 * The token names the highlight and its owner, and every query is scoped by both.
 */

export interface HighlightTarget {
  highlightId: string;
  userId: string;
  /** What the confirmation and result pages quote of the passage. */
  quote: string;
}

const QUOTE_CHARS = 120;

/** The highlight a genuine token names, if it still exists; null otherwise. */
export async function highlightTarget(ctx: AppContext, token: string): Promise<HighlightTarget | null> {
  const ids = readDigestToken(ctx.config, 'hideHighlight', token);
  if (!ids) return null;
  const [highlightId, userId] = ids;
  const [row] = await ctx.database.db
    .select({ exact: highlights.exact })
    .from(highlights)
    .where(and(eq(highlights.id, highlightId), eq(highlights.userId, userId)));
  if (!row) return null;
  const text = row.exact.trim().replace(/\s+/g, ' ');
  return { highlightId, userId, quote: text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1).trimEnd()}…` : text };
}

/** Hidden from (true) or back in (false) the highlights of the day; doing it twice is the same as once. */
export async function setHighlightHidden(ctx: AppContext, target: HighlightTarget, hidden: boolean): Promise<void> {
  await ctx.database.db
    .update(highlights)
    .set({ digestHidden: hidden })
    .where(and(eq(highlights.id, target.highlightId), eq(highlights.userId, target.userId)));
}
