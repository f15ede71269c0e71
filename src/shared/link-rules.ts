import { DEFAULT_CATEGORY } from './categories';
import { linkMessages } from './link-messages';
import { MAX_CATEGORIES_PER_LINK } from './plans';

/** The rules of a saved link (docs/product/links.md), for the form and the server alike. */

export const MAX_URL_LENGTH = 2048;

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

export interface UrlRuleOptions {
  /** `localhost` is a website address only where page reading may reach private addresses (ALLOW_PRIVATE_FETCH). */
  allowLocalhost?: boolean;
}

/**
 * A scheme such as `ftp:`, `mailto:` or `https:`. `example.com:8080/a` and `localhost:3000` are a
 * host and port, not a scheme, even though a URL parser would read them as one.
 */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;

/**
 * What the user typed, as the URL we store: trimmed; https:// added only when it has no scheme of
 * its own (any other scheme than http or https is refused, never turned into a host name); then
 * parsed, and the host must look like a website's: a name with a dot, an IP address, or
 * `localhost` where allowed. The stored form is the parser's own (lower-case host, tabs and
 * newlines gone), so what is shown and fetched later is what was checked.
 */
export function normaliseUserUrl(input: string, options: UrlRuleOptions = {}): UrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: linkMessages.urlRequired };
  if (text.length > MAX_URL_LENGTH) return { ok: false, message: linkMessages.urlTooLong };
  const candidate = SCHEME.test(text) ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { ok: false, message: linkMessages.urlInvalid };
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !isWebsiteHost(parsed.hostname, options)) {
    return { ok: false, message: linkMessages.urlInvalid };
  }
  if (parsed.href.length > MAX_URL_LENGTH) return { ok: false, message: linkMessages.urlTooLong };
  return { ok: true, url: parsed.href };
}

/** A parsed host name: `example.com`, `127.0.0.1`, `[::1]`; `localhost` only where allowed. */
function isWebsiteHost(hostname: string, options: UrlRuleOptions): boolean {
  if (hostname.startsWith('[')) return true;
  if (hostname === 'localhost') return options.allowLocalhost === true;
  return /[^.]\.[^.]/.test(hostname);
}

/** Query parameters that only say where a click came from; dropped when looking for duplicates. */
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'li_fat_id',
  'mc_eid',
  'mc_cid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'vero_conv',
  'rb_clickid',
  's_cid',
  'ref_src',
  'ref_url',
]);

function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower);
}

/**
 * The key two saves of the same page share: http and https alike, host lower-case, default port,
 * fragment, trailing slash and tracking parameters dropped, the remaining query sorted.
 * Takes a URL normaliseUserUrl accepted.
 */
export function normaliseForDuplicates(url: string): string {
  const parsed = new URL(url);
  const kept = [...parsed.searchParams].filter(([name]) => !isTrackingParameter(name));
  const query = new URLSearchParams(kept);
  query.sort();
  const search = kept.length > 0 ? `?${query}` : '';
  const path = parsed.pathname.replace(/\/+$/, '');
  // parsed.host is lower-case and without the scheme's default port already.
  return `https://${parsed.host}${path}${search}`;
}

export type CategoryPick = { ok: true; category: string; categories: string[] } | { ok: false; message: string };

/**
 * A link's categories: at most 3, trimmed, each once (ignoring case), the primary first; none at
 * all gives ['Uncategorized']. `category`, when given, is the primary one (the form sends the
 * first pick); otherwise the first of `categories` is.
 */
export function pickCategories(input: { category?: string | null; categories?: readonly string[] | null }): CategoryPick {
  const primary = input.category?.trim();
  const names = [...(primary ? [primary] : []), ...(input.categories ?? []).map((name) => name.trim())].filter(Boolean);
  const unique = names.filter((name, i) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i);
  if (unique.length > MAX_CATEGORIES_PER_LINK) return { ok: false, message: linkMessages.tooManyCategories };
  const categories = unique.length > 0 ? unique : [DEFAULT_CATEGORY];
  return { ok: true, category: categories[0], categories };
}
