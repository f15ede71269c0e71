import type { User } from '../auth/current-user';
import type { Config } from '../config';
import type { RenderedMail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { senderDomain } from '../mail/outbox';
import { fitToBudget } from '../mail/size-budget';
import { UNSUBSCRIBE_SUBJECT } from './mail-unsubscribe';
import type { DigestLink, DigestProps } from '../mail/templates/digest-model';
import type { DigestContent, DigestLinkRow } from './compose';
import { zoneOf } from './schedule';
import { openLinkUrl, unsubscribeUrl, webViewUrl } from './urls';

/** A note longer than this is cut in the digest (the whole note is in Stash). */
const MAX_NOTE_CHARS = 1000;

export interface DigestMessage extends RenderedMail {
  id: string;
  /** Links shown, "and N more" aside. */
  linkCount: number;
}

/**
 * The e-mail for one user's digest content, as it will be stored and sent: template props with
 * signed links, rendered, trimmed until the HTML fits, with the list headers a bulk sender needs.
 */
export async function renderDigest(config: Config, user: User, content: DigestContent, at: { outboxId: string; date: Date }): Promise<DigestMessage> {
  const zone = zoneOf(user);
  const links = content.links.map((row) => digestLink(config, user.id, row, zone));
  const props = (shown: number): DigestProps => ({
    appUrl: config.appUrl,
    kind: content.kind,
    dateLabel: formatIn(zone, 'day', at.date),
    groups: byCategory(links.slice(0, shown), content.links),
    moreCount: content.total - shown,
    myStashUrl: `${config.appUrl}/history`,
    webViewUrl: webViewUrl(config, at.outboxId, user.id),
    settingsUrl: `${config.appUrl}/settings?tab=newsletter`,
    unsubscribeUrl: unsubscribeUrl(config, user.id),
  });

  const headers = listHeaders(config, user.id);
  // The whole message as sent stays under Gmail's clipping size: fewer links, "and N more".
  const { mail, shown } = await fitToBudget(links.length, async (count) => ({
    from: config.mailFrom,
    to: user.email,
    headers,
    ...(await renderEmail('digest', props(count))),
  }));
  return { id: at.outboxId, userId: user.id, to: user.email, template: 'digest', subject: mail.subject, html: mail.html, text: mail.text, headers, linkCount: shown };
}

/**
 * One-click unsubscribe (RFC 8058) with a mailto: beside it for clients that only mail, a List-Id,
 * and a Feedback-ID (Gmail's feedback loop groups complaints by it), as the big mailbox providers
 * ask of bulk senders. The mailto: reaches Stash through the mail-feedback webhook (reports.ts).
 */
function listHeaders(config: Config, userId: string): Record<string, string> {
  const domain = senderDomain(config);
  const url = unsubscribeUrl(config, userId);
  return {
    'List-Unsubscribe': `<${url}>, <mailto:unsubscribe@${domain}?subject=${UNSUBSCRIBE_SUBJECT}%20${url.slice(url.lastIndexOf('/') + 1)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': `Stash digest <digest.${new URL(config.appUrl).hostname}>`,
    'Feedback-ID': `digest:stash:${domain}`,
  };
}

function digestLink(config: Config, userId: string, row: DigestLinkRow, zone: string): DigestLink & { id: string } {
  return {
    id: row.id,
    title: row.title?.trim() || row.url,
    href: openLinkUrl(config, row.id, userId),
    host: hostOf(row.url),
    notes: cut(row.notes?.trim() || null, MAX_NOTE_CHARS),
    categories: row.categories,
    savedAt: formatIn(zone, 'moment', row.createdAt),
  };
}

/** Groups in the order of their newest link, each newest first (the rows come newest first). */
function byCategory(links: (DigestLink & { id: string })[], rows: DigestLinkRow[]): DigestProps['groups'] {
  const categoryOf = new Map(rows.map((row) => [row.id, row.category]));
  const groups = new Map<string, DigestLink[]>();
  for (const { id, ...item } of links) {
    const category = categoryOf.get(id) ?? 'Uncategorized';
    groups.set(category, [...(groups.get(category) ?? []), item]);
  }
  return [...groups].map(([category, items]) => ({ category, links: items }));
}

const formats = {
  day: { weekday: 'long', month: 'long', day: 'numeric' },
  moment: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
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
