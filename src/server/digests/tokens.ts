import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed tokens for the links in a digest: unsubscribe, open-a-link (marks it read), the web
 * view, and the one-tap actions on a link (mark read, snooze, stop including). A token is base64url of [purpose byte | key id, 2 bytes | the ids as 16 bytes each | 16
 * bytes of HMAC-SHA256 over the rest], signed with the keyring's newest key (link-keys.ts). Any key
 * of the ring verifies, so a mail delivered before a rotation keeps working. Nothing is stored: the
 * signature is the proof, checked in constant time. The purpose byte keeps a token for one use from
 * working for another.
 *
 * Tokens written before the keyring existed ([purpose | ids | MAC], keyed from SESSION_SECRET) are
 * still read while that secret is unchanged, so mails already delivered survive this change too.
 */

const purposes = { unsubscribe: 1, open: 2, view: 3, markRead: 4, snooze: 5, stopIncluding: 6 } as const;
export type TokenPurpose = keyof typeof purposes;

/** Set on the purpose byte of keyring tokens; the older tokens never have it. */
const KEYRING_FORMAT = 0x80;
const KEY_ID_BYTES = 2;
const MAC_BYTES = 16;
const ID_BYTES = 16;

interface Key {
  id: Buffer;
  hmacKey: Buffer;
}

export interface Keyring {
  signing: Key;
  /** Every key that verifies, the signing one included. */
  verifying: Key[];
  /** The SESSION_SECRET-derived key of tokens from before the keyring. */
  legacy?: Buffer;
}

/** A keyring from secrets, the first of which signs; `sessionSecret` reads tokens of the older format. */
export function makeKeyring(secrets: string[], sessionSecret?: string): Keyring {
  if (secrets.length === 0) throw new Error('A link-signing keyring needs at least one key.');
  const keys = secrets.map((secret) => ({
    id: createHash('sha256').update(secret).digest().subarray(0, KEY_ID_BYTES),
    hmacKey: createHmac('sha256', secret).update('stash digest links v2').digest(),
  }));
  return {
    signing: keys[0],
    verifying: keys,
    legacy: sessionSecret ? createHmac('sha256', sessionSecret).update('stash digest tokens v1').digest() : undefined,
  };
}

function mac(hmacKey: Buffer, body: Buffer): Buffer {
  return createHmac('sha256', hmacKey).update(body).digest().subarray(0, MAC_BYTES);
}

/** A token carrying the given uuids for one purpose, written in place in one buffer: a digest signs about eighty. */
export function signToken(keyring: Keyring, purpose: TokenPurpose, ids: string[]): string {
  const { signing } = keyring;
  const header = 1 + KEY_ID_BYTES;
  const bodyLength = header + ids.length * ID_BYTES;
  const token = Buffer.allocUnsafe(bodyLength + MAC_BYTES);
  token[0] = purposes[purpose] | KEYRING_FORMAT;
  token.set(signing.id, 1);
  ids.forEach((id, i) => {
    if (token.write(id.replaceAll('-', ''), header + i * ID_BYTES, ID_BYTES, 'hex') !== ID_BYTES) throw new Error(`not a uuid: ${id}`);
  });
  token.set(mac(signing.hmacKey, token.subarray(0, bodyLength)), bodyLength);
  return token.toString('base64url');
}

/** The uuids of a genuine token of this purpose with this many ids; null for anything else. */
export function readToken(keyring: Keyring, purpose: TokenPurpose, token: string, idCount: number): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Only the one spelling signToken writes: the last character's spare bits must not make variants.
  if (bytes.toString('base64url') !== token) return null;
  const keyringFormat = bytes[0] === (purposes[purpose] | KEYRING_FORMAT);
  const header = keyringFormat ? 1 + KEY_ID_BYTES : 1;
  if (bytes.length !== header + idCount * ID_BYTES + MAC_BYTES || !(keyringFormat || bytes[0] === purposes[purpose])) return null;
  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  const given = bytes.subarray(body.length);
  const candidates = keyringFormat ? keyring.verifying.filter((key) => key.id.equals(body.subarray(1, header))).map((key) => key.hmacKey) : keyring.legacy ? [keyring.legacy] : [];
  if (!candidates.some((hmacKey) => timingSafeEqual(given, mac(hmacKey, body)))) return null;
  return Array.from({ length: idCount }, (_, i) => uuidOf(body.subarray(header + i * ID_BYTES, header + (i + 1) * ID_BYTES)));
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
