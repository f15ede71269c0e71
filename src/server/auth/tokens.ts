import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets sent to a person (reset and verification links, session cookies): 256 random bits,
 * URL-safe. The database keeps only their SHA-256, so a leaked table opens no account.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
