import { HIGHLIGHT_CONTEXT_CHARS } from '../../shared/highlight-schemas';

/** A selection as a TextQuoteSelector: the words, and up to 32 characters either side (the server finds it in the readable copy). */
export interface SelectionQuote {
  exact: string;
  prefix: string;
  suffix: string;
}

/**
 * Runs in the page (chrome.scripting.executeScript, so it is self-contained): the selection's
 * text and the text around it. Runs of white space are one space in the context, which only
 * tells apart places that hold the same words.
 */
export function quoteOfSelection(contextChars: number): SelectionQuote | null {
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const before = document.createRange();
  before.setStart(document.body, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const after = document.createRange();
  after.setStart(range.endContainer, range.endOffset);
  after.setEnd(document.body, document.body.childNodes.length);
  const squeeze = (text: string) => text.replace(/\s+/g, ' ');
  return {
    exact: selection.toString().trim(),
    prefix: squeeze(before.toString()).slice(-contextChars),
    suffix: squeeze(after.toString()).slice(0, contextChars),
  };
}

/** The selection in a tab's frame; without access to the page, the words the menu was given, with no context. */
export async function selectionIn(tabId: number | undefined, frameId: number | undefined, selectionText: string): Promise<SelectionQuote> {
  const fallback = { exact: selectionText.trim(), prefix: '', suffix: '' };
  if (tabId === undefined) return fallback;
  try {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId, frameIds: [frameId ?? 0] },
      func: quoteOfSelection,
      args: [HIGHLIGHT_CONTEXT_CHARS],
    });
    const quote = result?.result as SelectionQuote | null | undefined;
    return quote?.exact ? quote : fallback;
  } catch {
    return fallback;
  }
}
