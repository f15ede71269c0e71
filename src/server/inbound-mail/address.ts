import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inboundAddresses, users } from '../db/schema';
import { hashToken } from '../auth/tokens';
import type { User } from '../auth/current-user';

/*
 * save+<token>@INBOUND_DOMAIN. The token (24 hex digits, 96 bits) is the HMAC of the user id and a
 * random nonce under the session secret, so Settings can show the address again while the table
 * keeps only the nonce and the token's SHA-256: a copy of the table names no address. A new nonce
 * makes a new address and the old one finds nobody.
 */

const TOKEN_LENGTH = 24;
const LOCAL_PART = /^save\+([0-9a-f]{24})$/;

function tokenOf(secret: string, userId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`inbound-mail:${userId}:${nonce}`).digest('hex').slice(0, TOKEN_LENGTH);
}

export function addressOf(domain: string, token: string): string {
  return `save+${token}@${domain}`;
}

/** The user's address as it stands, or null when they have none (or the session secret changed since). */
export async function findAddress(db: Db, secret: string, domain: string, userId: string): Promise<string | null> {
  const [row] = await db.select().from(inboundAddresses).where(eq(inboundAddresses.userId, userId));
  if (!row) return null;
  const token = tokenOf(secret, userId, row.nonce);
  return sameHash(hashToken(token), row.tokenHash) ? addressOf(domain, token) : null;
}

/** A new address for the user; the previous one, if any, stops working at once. */
export async function renewAddress(db: Db, secret: string, domain: string, userId: string): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  const token = tokenOf(secret, userId, nonce);
  const values = { userId, nonce, tokenHash: hashToken(token), createdAt: new Date() };
  await db.insert(inboundAddresses).values(values).onConflictDoUpdate({ target: inboundAddresses.userId, set: values });
  return addressOf(domain, token);
}

export type Recipient = { kind: 'elsewhere' } | { kind: 'unknown' } | { kind: 'user'; user: User };

/**
 * Who a recipient address is: another domain's (never relayed), nobody (an unknown token, or an
 * unverified account, which the sender cannot tell apart), or a user. Found by the token's hash,
 * then compared in constant time.
 */
export async function resolveRecipient(db: Db, domain: string, recipient: string): Promise<Recipient> {
  const at = recipient.lastIndexOf('@');
  if (at < 0 || recipient.slice(at + 1).toLowerCase() !== domain) return { kind: 'elsewhere' };
  const token = LOCAL_PART.exec(recipient.slice(0, at).toLowerCase())?.[1];
  if (!token) return { kind: 'unknown' };
  const hash = hashToken(token);
  const [row] = await db
    .select({ tokenHash: inboundAddresses.tokenHash, user: users })
    .from(inboundAddresses)
    .innerJoin(users, eq(users.id, inboundAddresses.userId))
    .where(eq(inboundAddresses.tokenHash, hash));
  if (!row || !sameHash(hash, row.tokenHash) || !row.user.emailVerified) return { kind: 'unknown' };
  return { kind: 'user', user: row.user };
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
