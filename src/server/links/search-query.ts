/** At most this many words of a search count; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 10;
/** Shorter beginnings ("a", "re") would match most of a large history and cost as much. */
const MIN_PREFIX = 3;

/**
 * A tsquery (for to_tsquery('simple', …)) matching every word of what the user typed, the last
 * one (of 3 letters or more) also as the start of a word, so results show up while typing. Only letters and digits pass,
 * so nothing typed can be tsquery syntax; undefined when no word is left.
 */
export function toSearchQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  return words.map((word, i) => (i === words.length - 1 && word.length >= MIN_PREFIX ? `${word}:*` : word)).join(' & ');
}
