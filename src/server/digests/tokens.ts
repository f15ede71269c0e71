import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed tokens for the links in a digest: unsubscribe, open-a-link (marks it read), the web
 * view, and the one-tap actions on a link (mark read, snooze, stop including). A token is base64url of [purpose byte | the ids as 16 bytes each | 16 bytes of
 * HMAC-SHA256 over the rest], keyed by a key derived from SESSION_SECRET. Nothing is stored: the
 * signature is the proof, checked in constant time. The purpose byte keeps a token for one use
 * from working for another.
 */

const purposes = { unsubscribe: 1, open: 2, view: 3, markRead: 4, snooze: 5, stopIncluding: 6 } as const;
export type TokenPurpose = keyof typeof purposes;

const MAC_BYTES = 16;
const ID_BYTES = 16;

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('stash digest tokens v1').digest();
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: string, body: Buffer): Buffer {
  return createHmac('sha256', keyFor(secret)).update(body).digest().subarray(0, MAC_BYTES);
}

/** A token carrying the given uuids for one purpose. */
export function signToken(secret: string, purpose: TokenPurpose, ids: string[]): string {
  const body = Buffer.concat([Buffer.from([purposes[purpose]]), ...ids.map((id) => Buffer.from(id.replaceAll('-', ''), 'hex'))]);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** The uuids of a genuine token of this purpose with this many ids; null for anything else. */
export function readToken(secret: string, purpose: TokenPurpose, token: string, idCount: number): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Only the one spelling signToken writes: the last character's spare bits must not make variants.
  if (bytes.toString('base64url') !== token) return null;
  if (bytes.length !== 1 + idCount * ID_BYTES + MAC_BYTES || bytes[0] !== purposes[purpose]) return null;
  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  if (!timingSafeEqual(bytes.subarray(body.length), mac(secret, body))) return null;
  return Array.from({ length: idCount }, (_, i) => uuidOf(body.subarray(1 + i * ID_BYTES, 1 + (i + 1) * ID_BYTES)));
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
