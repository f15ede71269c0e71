/** Word count, reading time and excerpt of an article's plain text. */

const WORDS_PER_MINUTE = 230;
const MAX_EXCERPT = 300;

/** Spaces and tabs collapsed, at most one blank line between paragraphs. */
export function tidyText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n[\s]*\n\s*/g, '\n\n')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

/*
 * V8's Intl.Segmenter slows down along a long string (a 40,000-character article took 225 ms whole,
 * bench/extraction.mjs), so the text is segmented in pieces of up to 500 characters cut at white
 * space, which no word spans (text without spaces, as Chinese, is cut at 500).
 */
const PIECES = /[\s\S]{1,500}(?:\s|$)|[\s\S]{1,500}/g;

/** Words as the language splits them: also Chinese, Japanese and Thai, which put no spaces between words. */
export function wordCount(text: string, lang: string | null): number {
  let locale: string | undefined;
  try {
    locale = lang ? Intl.getCanonicalLocales(lang)[0] : undefined;
  } catch {
    locale = undefined;
  }
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  let words = 0;
  for (const piece of text.match(PIECES) ?? []) for (const segment of segmenter.segment(piece)) if (segment.isWordLike) words++;
  return words;
}

export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The page's own description, else the article's first sentences; at most 300 characters, cut between words. */
export function excerptOf(description: string | null | undefined, text: string | null): string | null {
  const source = (description?.trim() || text || '').replace(/\s+/g, ' ').trim();
  if (!source) return null;
  if (source.length <= MAX_EXCERPT) return source;
  const cut = source.slice(0, MAX_EXCERPT - 1);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (sentenceEnd > MAX_EXCERPT / 2) return cut.slice(0, sentenceEnd + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_EXCERPT / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '')}…`;
}
