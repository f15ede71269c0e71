/** What a digest e-mail shows, shared by its HTML (digest.tsx) and plain-text (digest-text.ts) parts. */

export interface DigestItem {
  /** The saved title; without one, the site and path (never the raw URL twice). */
  title: string;
  /** The signed redirect that marks the link read, then goes to the saved URL; in a subscriber's digest, the saved URL itself. */
  href: string;
  /** The reader view of Stash's readable copy ("Read in Stash"), when there is one. */
  readerHref: string | null;
  /** The page's site name, or the URL's host: where the link goes. */
  site: string;
  /** At most two lines of the page's own words. */
  excerpt: string | null;
  readingMinutes: number | null;
  notes: string | null;
  categories: string[];
  /** "Saved Mon, Mar 9" in the reader's zone, or "Saved a year ago today". */
  saved: string;
  /** One-tap actions: each opens a page with one button that does it. Null in a subscriber's digest (they need an account): a "Read" link to the original instead. */
  actions: { markRead: string; snooze: string; stopIncluding: string } | null;
}

/** A passage the user highlighted, brought back in "From your stash". */
export interface DigestHighlight {
  /** The passage (cut when very long). */
  text: string;
  note: string | null;
  /** Its link's title (or site and path) and site. */
  title: string;
  site: string;
  /** "Read in Stash" at the passage: the signed reader link, ending in #highlight-<id>. */
  readerHref: string;
  /** "Don't show this again": a confirmation page with one button. */
  hideHref: string;
}

export interface DigestProps {
  appUrl: string;
  /** The digest's date in the reader's time zone ("Tuesday, March 10"). */
  dateLabel: string;
  /** The time it goes out in the reader's time zone ("8:00 AM"): two digests of one day get subjects that differ. */
  timeLabel: string;
  /** What is inside, in one line ("12 new links · about 45 minutes of reading"). */
  summary: string;
  /** The new link to read first, shown above the rest; null when nothing is new. */
  startWith: DigestItem | null;
  /** The other new links, newest first, grouped by category; the groups in the order of their newest link. */
  groups: { category: string; items: DigestItem[] }[];
  /** New links left out to keep the message readable and unclipped; they are in My Stash. */
  moreCount: number;
  /** Older unread links: snoozed ones, then one saved on this day in an earlier year, then the oldest. */
  fromStash: DigestItem[];
  /** "From your stash"'s highlight of the day, when the user has one to show. */
  highlight: DigestHighlight | null;
  /** In the first digest of a week: "Last week you saved 8 links and read 5 · 23 unread in all". */
  recap: string | null;
  myStashUrl: string;
  webViewUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

export const digestReason = 'You get this e-mail because you asked Stash for a digest of the links you save.';
export const actionLabels = { markRead: 'Mark read', snooze: 'Snooze', stopIncluding: 'Stop including', read: 'Read' } as const;
export const highlightTexts = { heading: 'Highlight of the day', read: 'Read in Stash', hide: 'Don’t show this again' } as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "12 new links · 3 from your stash · about 45 minutes of reading": what the message holds. */
export function digestSummary(newCount: number, fromStashCount: number, minutes: number): string {
  const parts = [
    newCount > 0 ? plural(newCount, 'new link') : null,
    fromStashCount > 0 ? (newCount > 0 ? `${fromStashCount} from your stash` : `${plural(fromStashCount, 'link')} from your stash`) : null,
    minutes > 0 ? `about ${plural(minutes, 'minute')} of reading` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function recapLine(recap: { saved: number; read: number; unread: number }): string {
  return `Last week you saved ${plural(recap.saved, 'link')} and read ${recap.read} · ${recap.unread} unread in all`;
}

export function readingTime(minutes: number | null): string | null {
  return minutes ? `${minutes} min read` : null;
}

/** What an inbox shows after the subject: what is inside, and the first title. */
export function digestPreheader(props: DigestProps): string {
  const first = props.startWith ?? props.fromStash[0];
  return first ? `${props.summary}: ${first.title}` : props.summary;
}

/** "Your Stash digest · Tuesday, March 10, 8:00 AM": with the time, a second digest of the day is not taken for the first (nor threaded with it). */
export function digestSubject(props: Pick<DigestProps, 'startWith' | 'dateLabel' | 'timeLabel'>): string {
  const when = `${props.dateLabel}, ${props.timeLabel}`;
  return props.startWith ? `Your Stash digest · ${when}` : `From your stash · ${when}`;
}

/**
 * A long unbroken run (a link saved without a title shows its URL) gets zero-width spaces after its
 * punctuation, and every 20 characters of a run without any, so it wraps on a 320 px phone instead
 * of widening the mail. Neither `<wbr>` nor CSS word breaking works in every mail client.
 */
export function breakable(text: string): string {
  return text.replace(/\S{21,}/g, (run) => run.replace(/([/?&=.\-_#])/g, '$1\u200b').replace(/[^\u200b]{20}(?=[^\u200b])/g, '$&\u200b'));
}
