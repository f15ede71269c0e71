import { sql, type SQL } from 'drizzle-orm';
import { highlights, links, pageCopies } from '../db/schema';

/*
 * "The matched words in context" of a search result: PostgreSQL's ts_headline over the link's
 * notes, its highlights and the notes on them, its page's excerpt and text (what the card shows of a match in the title already is the
 * title), with the matched words between two private-use characters, which are then turned into
 * <mark> once the rest is escaped. Whatever the page's text holds, the answer is escaped text and
 * <mark> elements only.
 */

const START = '\uE000';
const STOP = '\uE001';
const OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MaxWords=24, MinWords=10, FragmentDelimiter=" … "`;

/** The link's highlighted passages and the notes on them, newest first. */
const highlightsOfLink = sql`(select string_agg(concat_ws(E'\n', ${highlights.exact}, ${highlights.note}), E'\n' order by ${highlights.createdAt} desc) from ${highlights} where ${highlights.linkId} = ${links.id} and ${highlights.userId} = ${links.userId})`;

/** The headline of one link for a tsquery (the same characters as the page's search vector: the text's first 200,000). */
export function matchHeadline(query: SQL): SQL<string | null> {
  const document = sql`concat_ws(E'\n', ${links.notes}, ${highlightsOfLink}, ${pageCopies.excerpt}, left(${pageCopies.text}, 200000))`;
  // The markers are taken out of the document first, so only ts_headline's mark anything.
  return sql<string | null>`ts_headline('simple', translate(${document}, ${START + STOP}, ''), ${query}, ${OPTIONS})`;
}

/** Whether the words are in one of the link's highlights or a note on one (highlights_link_start_idx finds them). */
export function matchInHighlights(query: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${highlights} where ${highlights.linkId} = ${links.id} and ${highlights.userId} = ${links.userId} and ${highlights.searchVector} @@ ${query})`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escaped HTML with the matched words in <mark>; null when the words matched only the title, categories or URL. */
export function toMatchHtml(headline: string | null): string | null {
  if (!headline?.includes(START)) return null;
  return headline
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[&<>"']/g, (char) => ESCAPES[char])
    .replaceAll(START, '<mark>')
    .replaceAll(STOP, '</mark>');
}
