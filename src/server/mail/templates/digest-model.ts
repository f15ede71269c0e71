/** What a digest e-mail shows, shared by its HTML (digest.tsx) and plain-text (digest-text.ts) parts. */

export interface DigestLink {
  /** The saved title, or the URL when there is none. */
  title: string;
  /** The signed redirect that marks the link read, then goes to the saved URL. */
  href: string;
  /** The saved URL's host, so the reader sees where the link goes. */
  host: string;
  notes: string | null;
  categories: string[];
  /** When it was saved, in the reader's time zone ("Mon, Mar 9, 2:15 PM"). */
  savedAt: string;
}

export interface DigestProps {
  appUrl: string;
  /** 'new': links saved since the last digest; 'resurfaced': unread older ones ("From your stash"). */
  kind: 'new' | 'resurfaced';
  /** The digest's date in the reader's time zone ("Tuesday, March 10"). */
  dateLabel: string;
  /** Newest first, grouped by category; the groups in the order of their newest link. */
  groups: { category: string; links: DigestLink[] }[];
  /** Links of this digest left out to keep it readable (and under Gmail's 102 KB clip). */
  moreCount: number;
  myStashUrl: string;
  webViewUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

export const digestReason = 'You get this e-mail because you asked Stash for a digest of the links you save.';

export function linkCountOf(props: Pick<DigestProps, 'groups'>): number {
  return props.groups.reduce((sum, group) => sum + group.links.length, 0);
}

/** What an inbox shows after the subject: how many links, and the first titles. */
export function digestPreheader(props: DigestProps): string {
  const total = linkCountOf(props) + props.moreCount;
  const links = `${total} ${total === 1 ? 'link' : 'links'}`;
  if (props.kind === 'resurfaced') return `${links} you saved and have not read yet`;
  const titles = props.groups.flatMap((group) => group.links.map((l) => l.title)).slice(0, 2);
  return `${total} new ${total === 1 ? 'link' : 'links'}: ${titles.join(', ')}${total > titles.length ? ' and more' : ''}`;
}

export function digestSubject(props: Pick<DigestProps, 'kind' | 'dateLabel'>): string {
  return props.kind === 'new' ? `Your Stash digest · ${props.dateLabel}` : `From your stash · ${props.dateLabel}`;
}

/**
 * A long unbroken run (a link saved without a title shows its URL) gets zero-width spaces after its
 * punctuation, and every 20 characters of a run without any, so it wraps on a 320 px phone instead
 * of widening the mail. Neither `<wbr>` nor CSS word breaking works in every mail client.
 */
export function breakable(text: string): string {
  return text.replace(/\S{21,}/g, (run) => run.replace(/([/?&=.\-_#])/g, '$1\u200b').replace(/[^\u200b]{20}(?=[^\u200b])/g, '$&\u200b'));
}
