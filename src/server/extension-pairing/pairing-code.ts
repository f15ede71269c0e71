import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The one-time code that carries a sign-in from the browser tab to the extension. It is signed
 * rather than stored, so pairing needs no table: "<payload>.<HMAC>", the payload naming the user,
 * an expiry and a random nonce. It is good for one token only because the token's id is derived
 * from the nonce: a second exchange of the same code collides with the first token's primary key.
 */

export const PAIRING_CODE_LIFETIME_MS = 5 * 60_000;

interface Claim {
  /** The user who signed in. */
  u: string;
  /** Expiry, in epoch milliseconds. */
  e: number;
  /** 128 random bits, base64url. */
  n: string;
}

export type PairingCodeCheck = { ok: true; userId: string; tokenId: string; issuedAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export function issuePairingCode(sessionSecret: string, userId: string, now = Date.now()): string {
  const claim: Claim = { u: userId, e: now + PAIRING_CODE_LIFETIME_MS, n: randomBytes(16).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${sign(sessionSecret, payload)}`;
}

export function readPairingCode(sessionSecret: string, code: string, now = Date.now()): PairingCodeCheck {
  const [payload, signature, ...rest] = code.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(sessionSecret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claim;
  if (now >= claim.e) return { ok: false, reason: 'expired' };
  return { ok: true, userId: claim.u, tokenId: tokenIdFor(claim.n), issuedAt: new Date(claim.e - PAIRING_CODE_LIFETIME_MS) };
}

/** A key of its own, so a pairing signature can never stand for a cookie signature or the reverse. */
function sign(sessionSecret: string, payload: string): string {
  const key = createHmac('sha256', sessionSecret).update('stash extension pairing').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** A UUID (RFC 9562 version 8: made by the application) that only this nonce gives. */
function tokenIdFor(nonce: string): string {
  const bytes = createHash('sha256').update(`extension token ${nonce}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
