import type { Config } from '../config';
import { DAY_MS, readToken, signToken, type Keyring, type TokenPurpose } from './tokens';

/** Where the signed links of a digest lead; the routes are in public-routes.ts. */
export const digestPaths = {
  unsubscribe: '/unsubscribe',
  open: '/api/digest/open',
  view: '/digest',
  markRead: '/digest/mark-read',
  snooze: '/digest/snooze',
  stopIncluding: '/digest/stop-including',
  /** "Read in Stash": /read/<link id>?token= (reader-links.ts). */
  read: '/read',
  /** "Don't show this again" under the highlight of the day (highlight-actions.ts). */
  hideHighlight: '/digest/hide-highlight',
} as const satisfies Record<TokenPurpose, string>;

/** The one-tap actions on a link in a digest; each path shows a confirmation page, and acts on POST. */
export const linkActions = ['markRead', 'snooze', 'stopIncluding'] as const satisfies TokenPurpose[];
export type LinkAction = (typeof linkActions)[number];

/**
 * How long each link of a digest works (docs/security.md): an unsubscribe link 90 days, beyond the
 * 60 that RFC 8058 senders are expected to honour; a link, its one-tap actions and the web view 60
 * days, two monthly digests' worth; "Read in Stash" 30 days. No link outlives the 90 days a retired
 * key keeps verifying.
 */
export const linkLifetimesMs = {
  unsubscribe: 90 * DAY_MS,
  open: 60 * DAY_MS,
  view: 60 * DAY_MS,
  markRead: 60 * DAY_MS,
  snooze: 60 * DAY_MS,
  stopIncluding: 60 * DAY_MS,
  read: 30 * DAY_MS,
  hideHighlight: 60 * DAY_MS,
} as const satisfies Record<TokenPurpose, number>;

function keyringOf(config: Pick<Config, 'linkKeyring'>): Keyring {
  if (!config.linkKeyring) throw new Error('The link-signing keyring is not loaded: runtime.ts loads it before anything signs a link.');
  return config.linkKeyring;
}

type UrlConfig = Pick<Config, 'appUrl' | 'linkKeyring'>;

/** One-click unsubscribe (RFC 8058): the same URL goes in the List-Unsubscribe header and the footer. */
export function unsubscribeUrl(config: UrlConfig, userId: string): string {
  return `${config.appUrl}${digestPaths.unsubscribe}/${signToken(keyringOf(config), 'unsubscribe', [userId], linkLifetimesMs.unsubscribe)}`;
}

/** A saved link, through the redirect that marks it read. */
export function openLinkUrl(config: UrlConfig, linkId: string, userId: string): string {
  return `${config.appUrl}${digestPaths.open}/${signToken(keyringOf(config), 'open', [linkId, userId], linkLifetimesMs.open)}`;
}

/** A one-tap action on a link: its confirmation page. */
export function linkActionUrl(config: UrlConfig, action: LinkAction, linkId: string, userId: string): string {
  return `${config.appUrl}${digestPaths[action]}/${signToken(keyringOf(config), action, [linkId, userId], linkLifetimesMs[action])}`;
}

/** "Don't show this again" for a highlight of the day: its confirmation page. */
export function hideHighlightUrl(config: UrlConfig, highlightId: string, userId: string): string {
  return `${config.appUrl}${digestPaths.hideHighlight}/${signToken(keyringOf(config), 'hideHighlight', [highlightId, userId], linkLifetimesMs.hideHighlight)}`;
}

/** The digest itself in a browser: the outbox message's HTML. */
export function webViewUrl(config: UrlConfig, outboxId: string, userId: string): string {
  return `${config.appUrl}${digestPaths.view}/${signToken(keyringOf(config), 'view', [outboxId, userId], linkLifetimesMs.view)}`;
}

/** The ids a genuine, unexpired token carries: [userId], [linkId, userId] (links and their actions), [highlightId, userId] or [outboxId, userId]; null otherwise. */
export function readDigestToken(config: Pick<Config, 'linkKeyring'>, purpose: TokenPurpose, token: string): string[] | null {
  return readToken(keyringOf(config), purpose, token, purpose === 'unsubscribe' ? 1 : 2);
}
