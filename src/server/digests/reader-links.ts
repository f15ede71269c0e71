import type { Config } from '../config';
import { readToken, signToken, type Keyring } from './tokens';
import { digestPaths, linkLifetimesMs } from './urls';

/*
 * The digest's "Read in Stash" link: /read/<link id>?token=<token>, which shows the readable copy
 * without a session (a phone's mail app is never signed in) for 30 days. Its token is a digest
 * token (tokens.ts: the same keyring, its own purpose, so it can never pass for another digest
 * token nor they for it) carrying the link and its owner.
 */

/** A token that opens this user's link in the reader for 30 days after `now` (to the end of that day). */
export function signReaderToken(keyring: Keyring, linkId: string, userId: string, now = new Date()): string {
  return signToken(keyring, 'read', [linkId, userId], linkLifetimesMs.read, now.getTime());
}

/** The link and user of a genuine, unexpired token for this link; null for anything else. */
export function readReaderToken(
  keyring: Keyring,
  linkId: string,
  token: string,
  now = new Date(),
): { linkId: string; userId: string } | null {
  const ids = readToken(keyring, 'read', token, 2, now.getTime());
  if (!ids || ids[0] !== linkId.toLowerCase()) return null;
  return { linkId: ids[0], userId: ids[1] };
}

/** "Read in Stash": the reader, opening without a session thanks to its token. */
export function readerLinkUrl(config: Pick<Config, 'appUrl' | 'linkKeyring'>, linkId: string, userId: string, now = new Date()): string {
  if (!config.linkKeyring) throw new Error('The link-signing keyring is not loaded: runtime.ts loads it before anything signs a link.');
  return `${config.appUrl}${digestPaths.read}/${linkId}?${new URLSearchParams({ token: signReaderToken(config.linkKeyring, linkId, userId, now) })}`;
}
