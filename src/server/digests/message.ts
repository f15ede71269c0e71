import type { User } from '../auth/current-user';
import type { Config } from '../config';
import type { RenderedMail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { senderDomain } from '../mail/outbox';
import { fitEncodedToBudget, fitToBudget } from '../mail/size-budget';
import { digestSummary, recapLine, type DigestHighlight, type DigestItem, type DigestProps } from '../mail/templates/digest-model';
import { paths } from '../../shared/routes';
import { DAY_MS } from '../../shared/zoned-time';
import { UNSUBSCRIBE_SUBJECT } from './mail-unsubscribe';
import type { DigestContent, DigestHighlightRow, DigestLinkRow } from './compose';
import { zoneOf } from './schedule';
import { hideHighlightUrl, linkActionUrl, openLinkUrl, unsubscribeUrl, webViewUrl } from './urls';
import { readerLinkUrl } from './reader-links';

/** A note longer than this is cut in the digest (the whole note is in Stash). */
const MAX_NOTE_CHARS = 1000;

export interface DigestMessage extends RenderedMail {
  id: string;
  /** Links shown, "and N more" aside. */
  linkCount: number;
}

/** What rendering a digest needs of the configuration: a worker thread is given just this. */
export type DigestConfig = Pick<Config, 'appUrl' | 'mailFrom' | 'linkKeyring'>;
export type DigestRecipient = Pick<User, 'id' | 'email' | 'timezone'>;

/**
 * The e-mail for one user's digest content, as it will be stored and sent: template props with
 * signed links, rendered, trimmed until the whole message fits, with the list headers a bulk sender needs.
 */
export async function renderDigest(
  config: DigestConfig,
  user: DigestRecipient,
  content: DigestContent,
  at: { outboxId: string; date: Date },
): Promise<DigestMessage> {
  const digest = digestRendering(config, user, content, at);
  const { mail, shown } = await fitToBudget(digest.restCount, digest.render);
  return digest.message(mail, shown);
}

/**
 * renderDigest with the message also encoded as SMTP will carry it (the `raw` a scheduled send
 * hands to the transport): the encoding that measures it against the budget is the one sent.
 */
export async function renderEncodedDigest(
  config: DigestConfig,
  user: DigestRecipient,
  content: DigestContent,
  at: { outboxId: string; date: Date },
): Promise<DigestMessage & { raw: Buffer }> {
  const digest = digestRendering(config, user, content, at);
  const { mail, shown, encoded } = await fitEncodedToBudget(digest.restCount, digest.render);
  return { ...digest.message(mail, shown), raw: encoded };
}

function digestRendering(config: DigestConfig, user: DigestRecipient, content: DigestContent, at: { outboxId: string; date: Date }) {
  const zone = zoneOf(user);
  const item = (row: DigestLinkRow) => digestItem(config, user.id, row, zone, at.date);
  const lead = startWith(content.newLinks);
  const rest = content.newLinks.filter((row) => row !== lead);
  const fromStash = content.fromStash.map(item);
  const minutes = [...content.newLinks, ...content.fromStash].reduce((sum, row) => sum + (row.readingMinutes ?? 0), 0);
  // Signed once: the budget may render the message several times.
  const leadItem = lead ? item(lead) : null;
  const restItems = rest.map((row) => ({ row, item: item(row) }));
  const unsubscribe = unsubscribeUrl(config, user.id);
  const highlight = content.highlight ? digestHighlight(config, user.id, content.highlight, at.date) : null;
  const props = (shown: number): DigestProps => ({
    appUrl: config.appUrl,
    dateLabel: formatIn(zone, 'day', at.date),
    timeLabel: formatIn(zone, 'time', at.date).replace(/\s/g, ' '),
    summary: digestSummary(content.newTotal, fromStash.length, minutes),
    startWith: leadItem,
    groups: byCategory(restItems.slice(0, shown)),
    moreCount: content.newTotal - (lead ? 1 : 0) - Math.min(shown, rest.length),
    fromStash,
    highlight,
    recap: content.recap ? recapLine(content.recap) : null,
    myStashUrl: `${config.appUrl}${paths.history}`,
    webViewUrl: webViewUrl(config, at.outboxId, user.id),
    settingsUrl: `${config.appUrl}/settings?tab=newsletter`,
    unsubscribeUrl: unsubscribe,
  });
  const headers = listHeaders(config, unsubscribe);
  const messageId = `<${at.outboxId}@${senderDomain(config)}>`;
  return {
    restCount: rest.length,
    // The whole message as sent stays under Gmail's clipping size: fewer new links, "and N more".
    render: async (count: number) => ({
      messageId,
      from: config.mailFrom,
      to: user.email,
      headers,
      ...(await renderEmail('digest', props(count))),
    }),
    message: (mail: { subject: string; html: string; text: string }, shown: number): DigestMessage => ({
      id: at.outboxId,
      userId: user.id,
      to: user.email,
      template: 'digest',
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers,
      linkCount: (lead ? 1 : 0) + shown + fromStash.length,
    }),
  };
}

/**
 * The new link to read first, among those with a title and a readable copy when there are any (a
 * phone opens it in the reader at once): the newest one with notes (the user said why it matters),
 * else the quickest read, else the newest.
 */
export function startWith(rows: DigestLinkRow[]): DigestLinkRow | undefined {
  const readable = rows.filter((row) => row.readable && row.title?.trim());
  const candidates = readable.length > 0 ? readable : rows;
  const withNotes = candidates.find((row) => row.notes?.trim());
  if (withNotes) return withNotes;
  const timed = candidates.filter((row) => row.readingMinutes !== null);
  if (timed.length > 0) return timed.reduce((quickest, row) => (row.readingMinutes! < quickest.readingMinutes! ? row : quickest));
  return candidates[0];
}

/**
 * One-click unsubscribe (RFC 8058) with a mailto: beside it for clients that only mail, a List-Id,
 * and a Feedback-ID (Gmail's feedback loop groups complaints by it), as the big mailbox providers
 * ask of bulk senders. The mailto: reaches Stash through the mail-feedback webhook (reports.ts).
 */
function listHeaders(config: DigestConfig, url: string): Record<string, string> {
  const domain = senderDomain(config);
  return {
    'List-Unsubscribe': `<${url}>, <mailto:unsubscribe@${domain}?subject=${UNSUBSCRIBE_SUBJECT}%20${url.slice(url.lastIndexOf('/') + 1)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': `Stash digest <digest.${new URL(config.appUrl).hostname}>`,
    'Feedback-ID': `digest:stash:${domain}`,
  };
}

/** A passage longer than this is cut in the digest (Read in Stash shows it whole). */
const MAX_PASSAGE_CHARS = 600;

function digestHighlight(config: DigestConfig, userId: string, row: DigestHighlightRow, date: Date): DigestHighlight {
  const site = row.siteName?.trim() || hostOf(row.linkUrl);
  return {
    text: cut(row.exact.trim(), MAX_PASSAGE_CHARS)!,
    note: cut(row.note?.trim() || null, MAX_NOTE_CHARS),
    title: row.linkTitle?.trim() || `${site}${pathOf(row.linkUrl)}`,
    site,
    // The reader scrolls to the passage named in the fragment (docs/reading.md).
    readerHref: `${readerLinkUrl(config, row.linkId, userId, date)}#highlight-${row.id}`,
    hideHref: hideHighlightUrl(config, row.id, userId),
  };
}

/** Two lines of a phone's width, give or take. */
const EXCERPT_CHARACTERS = 160;

function digestItem(config: DigestConfig, userId: string, row: DigestLinkRow, zone: string, date: Date): DigestItem {
  const site = row.siteName?.trim() || hostOf(row.url);
  return {
    title: row.title?.trim() || `${site}${pathOf(row.url)}`,
    href: openLinkUrl(config, row.id, userId),
    readerHref: row.readable ? readerLinkUrl(config, row.id, userId, date) : null,
    site,
    excerpt: row.excerpt?.trim() ? shorten(row.excerpt.trim().replace(/\s+/g, ' '), EXCERPT_CHARACTERS) : null,
    readingMinutes: row.readingMinutes,
    notes: cut(row.notes?.trim() || null, MAX_NOTE_CHARS),
    categories: row.categories,
    saved: row.yearsAgoToday
      ? `Saved ${row.yearsAgoToday === 1 ? 'a year' : `${row.yearsAgoToday} years`} ago today`
      : `Saved ${formatIn(zone, savedStyle(row.createdAt, date), row.createdAt)}`,
    actions: {
      markRead: linkActionUrl(config, 'markRead', row.id, userId),
      snooze: linkActionUrl(config, 'snooze', row.id, userId),
      stopIncluding: linkActionUrl(config, 'stopIncluding', row.id, userId),
    },
  };
}

/**
 * A link as a category's subscriber sees it (docs/sharing.md): like a personal digest's entry, but
 * its title and "Read" open the original, with no action that needs an account and none of the
 * owner's other categories.
 */
export function originalLinkItem(
  row: Pick<DigestLinkRow, 'url' | 'title' | 'notes' | 'excerpt' | 'siteName' | 'readingMinutes' | 'createdAt'>,
  zone: string,
  date: Date,
): DigestItem {
  const site = row.siteName?.trim() || hostOf(row.url);
  return {
    title: row.title?.trim() || `${site}${pathOf(row.url)}`,
    href: row.url,
    readerHref: null,
    site,
    excerpt: row.excerpt?.trim() ? shorten(row.excerpt.trim().replace(/\s+/g, ' '), EXCERPT_CHARACTERS) : null,
    readingMinutes: row.readingMinutes,
    notes: cut(row.notes?.trim() || null, MAX_NOTE_CHARS),
    categories: [],
    saved: `Saved ${formatIn(zone, savedStyle(row.createdAt, date), row.createdAt)}`,
    actions: null,
  };
}

/** "Friday, March 13" in the zone. */
export const dayLabel = (zone: string, date: Date) => formatIn(zone, 'day', date);

/** A recent save names its day and time; an older one its date, with the year once it is another year's. */
function savedStyle(savedAt: Date, digestDate: Date): keyof typeof formats {
  const days = (digestDate.getTime() - savedAt.getTime()) / DAY_MS;
  return days < 7 ? 'moment' : days < 300 ? 'date' : 'dateWithYear';
}

function shorten(text: string, characters: number): string {
  if (text.length <= characters) return text;
  const cut = text.slice(0, characters);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), characters - 20)).trimEnd()}…`;
}

/** Groups in the order of their newest link, each newest first (the rows come newest first). */
function byCategory(entries: { row: DigestLinkRow; item: DigestItem }[]): DigestProps['groups'] {
  const groups = new Map<string, DigestItem[]>();
  for (const { row, item } of entries) groups.set(row.category, [...(groups.get(row.category) ?? []), item]);
  return [...groups].map(([category, items]) => ({ category, items }));
}

const formats = {
  day: { weekday: 'long', month: 'long', day: 'numeric' },
  moment: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  date: { month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  dateWithYear: { month: 'short', day: 'numeric', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Tuesday, March 10" or "Mon, Mar 9, 2:15 PM" in the zone; formatters are costly to make, so kept. */
function formatIn(zone: string, style: keyof typeof formats, date: Date): string {
  const key = `${zone} ${style}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...formats[style] });
    formatters.set(key, format);
  }
  return format.format(date);
}

function cut(text: string | null, max: number): string | null {
  return text && text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** "/2024/03/a-long-article" without query or fragment, at most 60 characters: what tells a link apart from others of its site. */
function pathOf(url: string): string {
  try {
    const path = new URL(url).pathname.replace(/\/$/, '');
    return path.length > 60 ? `${path.slice(0, 59)}…` : path;
  } catch {
    return '';
  }
}
