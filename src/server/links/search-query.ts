/** At most this many words of a search count; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 10;
/** Shorter beginnings ("a", "re") would match most of a large history and cost as much. */
const MIN_PREFIX = 3;
/** A longer run of characters without spaces is cut here: the pairs of its start already pick out the passage. */
const MAX_RUN = 32;

/**
 * Scripts written without spaces between words (Han, Hiragana, Katakana, Hangul): the same
 * characters as the search_words function of the database (migration 0019), which turns them into
 * overlapping pairs in every search vector (docs/links-and-pages.md, Text without spaces).
 */
const SPACELESS =
  /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{3134f}]+/gu;

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** The runs of spaceless characters typed ("東京", "서울"), each at most 32 characters: what a snippet centres on and marks. */
export function spacelessTerms(text: string): string[] {
  return wordsOf(text).flatMap((word) => (word.match(SPACELESS) ?? []).map((run) => [...run].slice(0, MAX_RUN).join('')));
}

/** A run as the vectors hold it: its pairs in a row ("東京都" → 東京 <-> 京都); one character begins a pair or stands alone. */
function spacelessQuery(run: string): string {
  const chars = [...run].slice(0, MAX_RUN);
  if (chars.length === 1) return `${chars[0]}:*`;
  const pairs = chars.slice(1).map((char, i) => chars[i] + char);
  return pairs.length === 1 ? pairs[0] : `(${pairs.join(' <-> ')})`;
}

/**
 * A tsquery (for to_tsquery('simple', …)) matching every word of what the user typed, the last
 * one (of 3 letters or more) also as the start of a word, so results show up while typing; text
 * without spaces matches anywhere inside a word ("東京" in "東京都"). Only letters and digits pass,
 * so nothing typed can be tsquery syntax; undefined when no word is left.
 */
export function toSearchQuery(text: string): string | undefined {
  const words = wordsOf(text);
  if (words.length === 0) return undefined;
  return words
    .flatMap((word, i) => {
      const last = i === words.length - 1;
      const runs = word.match(SPACELESS) ?? [];
      const others = word.split(SPACELESS).filter(Boolean);
      return [
        ...others.map((other, j) => (last && j === others.length - 1 && other.length >= MIN_PREFIX ? `${other}:*` : other)),
        ...runs.map(spacelessQuery),
      ];
    })
    .join(' & ');
}
