import { sql, type SQL } from 'drizzle-orm';
import { highlights, links, pageCopies } from '../db/schema';

/*
 * "The matched words in context" of a search result: PostgreSQL's ts_headline over the link's
 * notes, its highlights (those not in the page's text) and the notes on them, and its page's text (or its excerpt when there is no
 * text: the excerpt is the text's start or the page's description, which the card shows already, so
 * a snippet never shows the same passage twice), with the matched words between two private-use
 * characters, which are then turned into <mark> once the rest is escaped. Whatever the page's text
 * holds, the answer is escaped text and <mark> elements only.
 *
 * ts_headline finds words as the text parser splits them, and text without spaces (Chinese,
 * Japanese) is one word to it, searched by pairs of characters (search-query.ts): for such a search
 * the snippet is the text around the first place a typed run of those characters appears, each
 * appearance marked.
 */

const START = '\uE000';
const STOP = '\uE001';
const OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MaxWords=24, MinWords=10, FragmentDelimiter=" … "`;
const DELIMITER = ' … ';
/** Characters shown before and after a run found in text without spaces (about as long as a headline). */
const BEFORE = 30;
const AFTER = 70;

/** The link's highlighted passages that are not in the page's text as it is now (the others are found there), and the notes on them, newest first. */
const highlightsOfLink = sql`(select string_agg(concat_ws(E'\n', case when strpos(${pageCopies.text}, ${highlights.exact}) > 0 then null else ${highlights.exact} end, ${highlights.note}), E'\n' order by ${highlights.createdAt} desc) from ${highlights} where ${highlights.linkId} = ${links.id} and ${highlights.userId} = ${links.userId})`;

/** What a snippet is cut from (the same characters as the page's search vector: the text's first 200,000), markers taken out. */
const document = sql`translate(concat_ws(E'\n', ${links.notes}, ${highlightsOfLink}, coalesce(left(${pageCopies.text}, 200000), ${pageCopies.excerpt})), ${START + STOP}, '')`;

/**
 * The headline of one link for a tsquery; `spaceless`: the runs of characters without spaces that
 * were typed (search-query.ts spacelessTerms), which hold only letters, so they can stand in a pattern.
 */
export function matchHeadline(query: SQL, spaceless: string[] = []): SQL<string | null> {
  return sql<string | null>`case when ${mayMatch(query)} then ${headline(query, spaceless)} end`;
}

/**
 * Whether the words can be in the snippet's document at all: in the page's excerpt or text (its
 * search vector says so without reading the text), or in notes or highlights. A link found by its
 * title alone is not cut a snippet from: that read and parsed its whole text for nothing
 * (bench/search.mjs, a title word).
 */
function mayMatch(query: SQL): SQL<boolean> {
  const hasHighlights = sql`exists (select 1 from ${highlights} where ${highlights.linkId} = ${links.id} and ${highlights.userId} = ${links.userId})`;
  return sql<boolean>`(${pageCopies.searchVector} @@ ${query} or ${links.notes} is not null or ${hasHighlights})`;
}

function headline(query: SQL, spaceless: string[]): SQL<string | null> {
  if (spaceless.length === 0) return sql<string | null>`ts_headline('simple', ${document}, ${query}, ${OPTIONS})`;
  const found = spaceless.map((run) => sql`nullif(strpos(doc.text, ${run}), 0)`);
  const pattern = `(${spaceless.join('|')})`;
  return sql<string | null>`(
    select case when d.at > ${BEFORE + 1} then '… ' else '' end
      || regexp_replace(substr(d.text, greatest(1, d.at - ${BEFORE}), ${BEFORE + AFTER}), ${pattern}, ${`${START}\\1${STOP}`}, 'g')
      || case when d.at + ${AFTER} <= length(d.text) then ' …' else '' end
    from (select text, coalesce(${sql.join(found, sql`, `)}) as at from (select ${document} as text) as doc) as d where d.at is not null)`;
}

/** Whether the words are in one of the link's highlights or a note on one (highlights_link_start_idx finds them). */
export function matchInHighlights(query: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${highlights} where ${highlights.linkId} = ${links.id} and ${highlights.userId} = ${links.userId} and ${highlights.searchVector} @@ ${query})`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Each marked word of a fragment with the two words either side of it: where the fragment matched. */
function matchedPlaces(fragment: string): string[] {
  const words = fragment.toLowerCase().split(/\s+/).filter(Boolean);
  return words.flatMap((word, i) => (word.includes(START) ? [words.slice(Math.max(0, i - 2), i + 3).join(' ')] : []));
}

/**
 * A fragment that matched only where an earlier one did (a highlight, then the same passage in the
 * page's text) is left out, so a snippet never shows a passage twice.
 */
function withoutRepeats(fragments: string[]): string[] {
  const seen = new Set<string>();
  return fragments.filter((fragment) => {
    const places = matchedPlaces(fragment);
    if (places.length > 0 && places.every((place) => seen.has(place))) return false;
    for (const place of places) seen.add(place);
    return true;
  });
}

/** Escaped HTML with the matched words in <mark>; null when the words matched only the title, categories or URL. */
export function toMatchHtml(headline: string | null): string | null {
  if (!headline?.includes(START)) return null;
  return withoutRepeats(headline.split(DELIMITER))
    .join(DELIMITER)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[&<>"']/g, (char) => ESCAPES[char])
    .replaceAll(START, '<mark>')
    .replaceAll(STOP, '</mark>');
}
