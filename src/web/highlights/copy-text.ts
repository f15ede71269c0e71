/*
 * The reader shows the readable copy as HTML; highlights are placed in its plain text (the
 * server's `page_copies.text`: the article's text with white space tidied, docs/reading.md,
 * Highlights). The two hold the same characters but for white space (and, rarely, text the
 * sanitiser left out of the HTML), so they are aligned once, character by character, and offsets
 * are carried across both ways.
 */

/** Characters the plain text drops or collapses (tidyText: white space runs, control characters). */
const LOOSE = /[\s\u0000-\u001f\u007f]/;
/** How far ahead a run of the plain text is looked for in the DOM's text when the two part. */
const RESYNC_PROBE = 16;
const RESYNC_WINDOW = 4000;

export interface CopyTextAlignment {
  /** The DOM offset of the plain text's offset (an end offset maps to just after its last character). */
  toDom(textStart: number, textEnd: number): { start: number; end: number };
  /** The plain text's offsets of a DOM range, white space at either end left out; null when it holds no text. */
  toText(domStart: number, domEnd: number): { start: number; end: number } | null;
}

export function alignCopyText(dom: string, text: string): CopyTextAlignment {
  // textToDom[i]: where text[i] is in the DOM's text; domToText[j]: the first text character at or after dom[j].
  const textToDom = new Int32Array(text.length + 1);
  let i = 0;
  let j = 0;
  while (i < text.length && j < dom.length) {
    const t = text[i];
    const d = dom[j];
    if (t === d || (LOOSE.test(t) && LOOSE.test(d))) {
      textToDom[i++] = j++;
    } else if (LOOSE.test(d)) {
      j++;
    } else if (LOOSE.test(t)) {
      textToDom[i++] = j;
    } else {
      // The texts part: text the DOM has and the plain text has not is skipped, or the other way round.
      const at = dom.indexOf(text.slice(i, i + RESYNC_PROBE), j);
      if (at !== -1 && at - j <= RESYNC_WINDOW) j = at;
      else textToDom[i++] = j;
    }
  }
  while (i <= text.length) textToDom[i++] = Math.min(j, dom.length);
  textToDom[text.length] = text.length > 0 ? Math.min(dom.length, textToDom[text.length - 1] + 1) : 0;

  const domToText = new Int32Array(dom.length + 1).fill(text.length);
  for (let at = text.length - 1; at >= 0; at--) domToText[textToDom[at]] = Math.min(domToText[textToDom[at]], at);
  for (let at = dom.length - 1; at >= 0; at--) domToText[at] = Math.min(domToText[at], domToText[at + 1]);

  return {
    toDom: (start, end) => ({ start: textToDom[start], end: end > start ? textToDom[end - 1] + 1 : textToDom[start] }),
    toText: (domStart, domEnd) => {
      let start = domToText[Math.min(domStart, dom.length)];
      let end = domToText[Math.min(domEnd, dom.length)];
      while (start < end && /\s/.test(text[start])) start++;
      while (end > start && /\s/.test(text[end - 1])) end--;
      return end > start ? { start, end } : null;
    },
  };
}

/** The text of every text node under root, in document order: what @apache-annotator/dom counts offsets in. */
export function domText(root: Node): string {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) text += (node as Text).data;
  return text;
}
