import { normaliseUserUrl } from '@shared/link-rules';

/** What the add-link card opens with when another app shares a page to Stash. */
export interface SharedLink {
  /** '' when nothing shared was a web address. */
  url: string;
  /** The shared text without its address: often the page's title or the sharer's comment. */
  notes: string;
  /** The shared title, when it is not the address itself: the link is saved with it. */
  title: string;
}

const WEB_ADDRESS = /https?:\/\/[^\s<>"]+/i;
/** Sentence punctuation stuck to an address in prose: "see https://ex.example/a." */
const TRAILING_PUNCTUATION = /[.,;:!?'"\]]$/;

/**
 * The page a share sheet sent to /share?url=&title=&text= (the web manifest's share_target).
 * Many Android apps leave `url` empty and put the address in `text`, so the first web address
 * in `text` (then in `title`) stands in for it.
 */
export function sharedLinkFrom(params: URLSearchParams): SharedLink {
  const text = params.get('text')?.trim() ?? '';
  const title = params.get('title')?.trim() ?? '';
  const given = params.get('url')?.trim() ?? '';
  const found = isWebAddress(given) ? given : (addressIn(text) ?? addressIn(title) ?? '');
  const notes = (found ? text.replace(found, ' ') : text).replace(/\s+/g, ' ').trim();
  const sharedTitle = found && title.includes(found) ? '' : title;
  return { url: found, notes, title: sharedTitle };
}

function addressIn(text: string): string | null {
  let address = WEB_ADDRESS.exec(text)?.[0] ?? '';
  // A closing bracket belongs to the address only when it closes one opened inside it: "Page_(film)".
  while (TRAILING_PUNCTUATION.test(address) || (address.endsWith(')') && count(address, ')') > count(address, '(')))
    address = address.slice(0, -1);
  return isWebAddress(address) ? address : null;
}

function isWebAddress(text: string): boolean {
  return /^https?:\/\//i.test(text) && normaliseUserUrl(text).ok;
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}
