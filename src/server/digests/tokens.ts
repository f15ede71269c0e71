import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed tokens for the links in a digest: unsubscribe, open-a-link (marks it read), the web
 * view, the one-tap actions on a link (mark read, snooze, stop including), "Don't show this again"
 * on the highlight of the day ([highlight id, user id]) and "Read in Stash"
 * (reader-links.ts). A token is base64url
 * of [purpose byte | key id, 2 bytes | expiry day, 2 bytes | the ids as 16 bytes each | 16 bytes of
 * HMAC-SHA256 over the rest], signed with the keyring's newest key (link-keys.ts). The expiry is the
 * signer's choice (urls.ts), counted in whole days since 1970 and covered by the HMAC. Any key of
 * the ring that still verifies reads it, so a mail delivered before a rotation keeps working.
 * Nothing is stored: the signature is the proof, checked in constant time. The purpose byte keeps a
 * token for one use from working for another.
 *
 * Two earlier formats carried no expiry: the keyring's first ([purpose | key id | ids | MAC]) and
 * the one before it ([purpose | ids | MAC], keyed from SESSION_SECRET). Both are read only until the
 * keyring's `unexpiringUntil` (90 days after the upgrade that added expiries), so that mails
 * delivered before it keep working for a while, and then never again.
 */

const purposes = { unsubscribe: 1, open: 2, view: 3, markRead: 4, snooze: 5, stopIncluding: 6, read: 7, hideHighlight: 8 } as const;
export type TokenPurpose = keyof typeof purposes;

/** Set on the purpose byte of keyring tokens; the oldest tokens never have it. */
const KEYRING_FORMAT = 0x80;
/** Set, with KEYRING_FORMAT, on the purpose byte of tokens that carry their expiry. */
const EXPIRING_FORMAT = 0x40;
const KEY_ID_BYTES = 2;
const EXPIRY_BYTES = 2;
const MAC_BYTES = 16;
const ID_BYTES = 16;
export const DAY_MS = 86_400_000;

interface Key {
  id: Uint8Array;
  hmacKey: Buffer;
  /** When it stops verifying (ms since 1970); never when absent. */
  verifiesUntil?: number;
}

export interface Keyring {
  signing: Key;
  /** Every key that verifies, the signing one included. */
  verifying: Key[];
  /** The SESSION_SECRET-derived key of tokens from before the keyring. */
  legacy?: Buffer;
  /** Until when (ms since 1970) tokens of the two formats without an expiry are read; never when absent. */
  unexpiringUntil?: number;
}

/** A key of a keyring: its secret, and when it stops verifying if it does. */
export type KeySecret = string | { secret: string; verifiesUntil?: number };

/**
 * A keyring from secrets, the first of which signs; `sessionSecret` and `unexpiringUntil` read
 * tokens of the formats without an expiry until then.
 */
export function makeKeyring(secrets: KeySecret[], options: { sessionSecret?: string; unexpiringUntil?: number } = {}): Keyring {
  if (secrets.length === 0) throw new Error('A link-signing keyring needs at least one key.');
  const keys = secrets.map((key) => {
    const { secret, verifiesUntil } = typeof key === 'string' ? { secret: key, verifiesUntil: undefined } : key;
    return {
      id: createHash('sha256').update(secret).digest().subarray(0, KEY_ID_BYTES),
      hmacKey: createHmac('sha256', secret).update('stash digest links v2').digest(),
      verifiesUntil,
    };
  });
  return {
    signing: keys[0],
    verifying: keys,
    legacy: options.sessionSecret ? createHmac('sha256', options.sessionSecret).update('stash digest tokens v1').digest() : undefined,
    unexpiringUntil: options.unexpiringUntil,
  };
}

function mac(hmacKey: Uint8Array, body: Buffer): Buffer {
  return createHmac('sha256', hmacKey).update(body).digest().subarray(0, MAC_BYTES);
}

/**
 * A token carrying the given uuids for one purpose, valid for at least `lifetimeMs` from `now`
 * (until the end of that day), written in place in one buffer: a digest signs about eighty.
 */
export function signToken(keyring: Keyring, purpose: TokenPurpose, ids: string[], lifetimeMs: number, now = Date.now()): string {
  const { signing } = keyring;
  const header = 1 + KEY_ID_BYTES + EXPIRY_BYTES;
  const bodyLength = header + ids.length * ID_BYTES;
  const token = Buffer.allocUnsafe(bodyLength + MAC_BYTES);
  token[0] = purposes[purpose] | KEYRING_FORMAT | EXPIRING_FORMAT;
  token.set(signing.id, 1);
  token.writeUInt16BE(Math.ceil((now + lifetimeMs) / DAY_MS), 1 + KEY_ID_BYTES);
  ids.forEach((id, i) => {
    if (token.write(id.replaceAll('-', ''), header + i * ID_BYTES, ID_BYTES, 'hex') !== ID_BYTES) throw new Error(`not a uuid: ${id}`);
  });
  token.set(mac(signing.hmacKey, token.subarray(0, bodyLength)), bodyLength);
  return token.toString('base64url');
}

type Format = 'expiring' | 'keyring' | 'legacy';

function formatOf(purposeByte: number, purpose: TokenPurpose): Format | null {
  const value = purposes[purpose];
  if (purposeByte === (value | KEYRING_FORMAT | EXPIRING_FORMAT)) return 'expiring';
  if (purposeByte === (value | KEYRING_FORMAT)) return 'keyring';
  return purposeByte === value ? 'legacy' : null;
}

const headerBytes: Record<Format, number> = { expiring: 1 + KEY_ID_BYTES + EXPIRY_BYTES, keyring: 1 + KEY_ID_BYTES, legacy: 1 };

/** The uuids of a genuine, unexpired token of this purpose with this many ids; null for anything else. */
export function readToken(keyring: Keyring, purpose: TokenPurpose, token: string, idCount: number, now = Date.now()): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Only the one spelling signToken writes: the last character's spare bits must not make variants.
  if (bytes.toString('base64url') !== token) return null;
  const format = formatOf(bytes[0], purpose);
  if (!format) return null;
  const header = headerBytes[format];
  if (bytes.length !== header + idCount * ID_BYTES + MAC_BYTES) return null;
  if (
    format === 'expiring'
      ? now >= bytes.readUInt16BE(1 + KEY_ID_BYTES) * DAY_MS
      : !(keyring.unexpiringUntil !== undefined && now < keyring.unexpiringUntil)
  )
    return null;
  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  const given = bytes.subarray(body.length);
  const keyId = body.subarray(1, 1 + KEY_ID_BYTES);
  const candidates =
    format === 'legacy'
      ? keyring.legacy
        ? [keyring.legacy]
        : []
      : keyring.verifying
          .filter((key) => keyId.equals(key.id) && (key.verifiesUntil === undefined || now < key.verifiesUntil))
          .map((key) => key.hmacKey);
  if (!candidates.some((hmacKey) => timingSafeEqual(given, mac(hmacKey, body)))) return null;
  return Array.from({ length: idCount }, (_, i) => uuidOf(body.subarray(header + i * ID_BYTES, header + (i + 1) * ID_BYTES)));
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
