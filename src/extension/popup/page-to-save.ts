import { linkMessages } from '../../shared/link-messages';
import { MAX_URL_LENGTH } from '../../shared/link-rules';

/** The page the popup offers to save: the active tab's address and title. */
export interface PageToSave {
  url: string;
  /** null when the tab has none worth keeping; the server then looks the title up itself. */
  title: string | null;
}

export type PageCheck = { ok: true; page: PageToSave } | { ok: false; reason: string };

/** The server's limit on titles (links-schemas.ts). */
const MAX_TITLE_LENGTH = 500;

/**
 * What can be saved from a tab. Only web pages can: the browser's own pages (chrome://, about:,
 * the extension store, local files) have no address anyone else could open.
 */
export function pageToSave(tab: { url?: string; title?: string }): PageCheck {
  if (!tab.url) return { ok: false, reason: "Stash can't see this tab's address. Reload the page and try again." };
  let url: URL;
  try {
    url = new URL(tab.url);
  } catch {
    return { ok: false, reason: "This tab's address is not one Stash can save." };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'Stash saves web pages. Pages of the browser itself, like this one, cannot be saved.' };
  }
  if (url.href.length > MAX_URL_LENGTH) return { ok: false, reason: linkMessages.urlTooLong };
  const title = tab.title?.replace(/\s+/g, ' ').trim() ?? '';
  // Before a page has a title the browser shows its address instead.
  const meaningful = title !== '' && title !== tab.url && title !== url.host + url.pathname;
  return { ok: true, page: { url: url.href, title: meaningful ? title.slice(0, MAX_TITLE_LENGTH) : null } };
}
