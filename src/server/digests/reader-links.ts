import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Keyring } from './tokens';

/*
 * The digest's "Read in Stash" link: /read/<link id>?token=<token>, which shows the readable copy
 * without a session (a phone's mail app is never signed in) for 30 days. It is signed with the
 * digest links' keyring (link-keys.ts), under a key derived for this use only, so it can never pass
 * for another digest token nor they for it. A token is base64url of [key id, 2 bytes | link id |
 * user id, 16 bytes each | expiry, 4 bytes of Unix seconds | 16 bytes of HMAC-SHA256 over the rest].
 * Nothing is stored: the signature is the proof, checked in constant time.
 */

export const READER_LINK_DAYS = 30;
const KEY_ID_BYTES = 2;
const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 16;
const BODY_BYTES = KEY_ID_BYTES + 2 * ID_BYTES + EXPIRY_BYTES;

function readerKey(hmacKey: Buffer): Buffer {
  return createHmac('sha256', hmacKey).update('stash reader links v1').digest();
}

function mac(hmacKey: Buffer, body: Buffer): Buffer {
  return createHmac('sha256', readerKey(hmacKey)).update(body).digest().subarray(0, MAC_BYTES);
}

function hexOf(uuid: string): string {
  const hex = uuid.replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a uuid: ${uuid}`);
  return hex;
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A token that opens this user's link in the reader until READER_LINK_DAYS after `now`. */
export function signReaderToken(keyring: Keyring, linkId: string, userId: string, now = new Date()): string {
  const body = Buffer.alloc(BODY_BYTES);
  body.set(keyring.signing.id, 0);
  body.write(hexOf(linkId), KEY_ID_BYTES, ID_BYTES, 'hex');
  body.write(hexOf(userId), KEY_ID_BYTES + ID_BYTES, ID_BYTES, 'hex');
  body.writeUInt32BE(Math.floor(now.getTime() / 1000) + READER_LINK_DAYS * 86_400, KEY_ID_BYTES + 2 * ID_BYTES);
  return Buffer.concat([body, mac(keyring.signing.hmacKey, body)]).toString('base64url');
}

/** The link and user of a genuine, unexpired token for this link; null for anything else. */
export function readReaderToken(keyring: Keyring, linkId: string, token: string, now = new Date()): { linkId: string; userId: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
  const body = bytes.subarray(0, BODY_BYTES);
  const given = bytes.subarray(BODY_BYTES);
  const keys = keyring.verifying.filter((key) => key.id.equals(body.subarray(0, KEY_ID_BYTES)));
  if (!keys.some((key) => timingSafeEqual(given, mac(key.hmacKey, body)))) return null;
  if (body.readUInt32BE(KEY_ID_BYTES + 2 * ID_BYTES) * 1000 <= now.getTime()) return null;
  const signed = { linkId: uuidOf(body.subarray(KEY_ID_BYTES, KEY_ID_BYTES + ID_BYTES)), userId: uuidOf(body.subarray(KEY_ID_BYTES + ID_BYTES, KEY_ID_BYTES + 2 * ID_BYTES)) };
  return signed.linkId === linkId.toLowerCase() ? signed : null;
}

/** "Read in Stash": the reader, opening without a session thanks to its token. */
export function readerLinkUrl(config: Pick<Config, 'appUrl' | 'linkKeyring'>, linkId: string, userId: string, now = new Date()): string {
  if (!config.linkKeyring) throw new Error('The link-signing keyring is not loaded: runtime.ts loads it before anything signs a link.');
  return `${config.appUrl}/read/${linkId}?${new URLSearchParams({ token: signReaderToken(config.linkKeyring, linkId, userId, now) })}`;
}
