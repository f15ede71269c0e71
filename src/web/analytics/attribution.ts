/** Where a visit came from: the ad click (rdt_cid) and the campaign (utm_source, utm_campaign). */
export interface Attribution {
  clickId?: string;
  utmSource?: string;
  utmCampaign?: string;
}

type Key = keyof Attribution;

const STORAGE_KEY = 'stash.attribution';
const parameters: Record<Key, string> = { clickId: 'rdt_cid', utmSource: 'utm_source', utmCampaign: 'utm_campaign' };
/** The server refuses longer values; a mangled URL must not lose the whole event. */
const maxLength: Record<Key, number> = { clickId: 500, utmSource: 200, utmCampaign: 200 };
const keys = Object.keys(parameters) as Key[];

/** The attribution in a query string; absent and empty parameters are left out. */
export function attributionFrom(search: string): Attribution {
  const query = new URLSearchParams(search);
  const found: Attribution = {};
  for (const key of keys) {
    const value = query.get(parameters[key])?.trim();
    if (value) found[key] = value.slice(0, maxLength[key]);
  }
  return found;
}

/**
 * Keeps a landing URL's attribution for the rest of the visit (sessionStorage: this tab, until it
 * closes), so a sign-up a few pages later is credited to the ad that brought the visitor. A
 * landing without parameters keeps what an earlier one brought.
 */
export function captureAttribution(search: string): Attribution {
  const arrived = attributionFrom(search);
  if (Object.keys(arrived).length === 0) return currentAttribution();
  const kept = new URLSearchParams();
  for (const key of keys) if (arrived[key]) kept.set(parameters[key], arrived[key]);
  try {
    sessionStorage.setItem(STORAGE_KEY, kept.toString());
  } catch {
    // Storage can be disabled; the attribution then lasts for this page only.
  }
  return arrived;
}

/** The visit's attribution, read back through attributionFrom so stored values are checked again. */
export function currentAttribution(): Attribution {
  try {
    return attributionFrom(sessionStorage.getItem(STORAGE_KEY) ?? '');
  } catch {
    return {};
  }
}
