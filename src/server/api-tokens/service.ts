import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashToken } from '../auth/tokens';
import type { User } from '../auth/current-user';
import type { ApiToken, CreatedApiToken } from '../../shared/auth-schemas';

/*
 * API tokens for the extension and scripts: "stash_" and 128 random bits, shown once at creation.
 * The table keeps their SHA-256 and a short prefix for telling them apart. Every query names the
 * owner, so another user's token id is simply not found.
 */

const TOKEN_PATTERN = /^stash_[A-Za-z0-9_-]{22}$/;
const PREFIX_LENGTH = 10;
/** lastUsedAt is kept to the minute: no write on every request of a busy script. */
const LAST_USED_PRECISION_MS = 60_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

/** `id` is for a token whose id must be known in advance (extension pairing: one token per code). */
export async function createApiToken(db: Db, userId: string, name: string, { id }: { id?: string } = {}): Promise<CreatedApiToken> {
  const token = `stash_${randomBytes(16).toString('base64url')}`;
  const [row] = await db
    .insert(apiTokens)
    .values({ id, userId, name, tokenHash: hashToken(token), prefix: token.slice(0, PREFIX_LENGTH) })
    .returning(listed);
  return { ...toApiToken(row), token };
}

export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db.select(listed).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
  return rows.map(toApiToken);
}

/** Revoked at once: every request looks its token up afresh. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = UUID_PATTERN.test(id)
    ? await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id })
    : [];
  if (deleted.length === 0) throw new HttpError(404, 'NOT_FOUND', 'There is no such token.');
}

/** The owner of a presented token, or undefined; notes when it was last used (at most once a minute). */
export async function findApiTokenUser(db: Db, token: string): Promise<User | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ user: users, tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(token)));
  if (!row) return undefined;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId));
  }
  return row.user;
}

function toApiToken(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiToken {
  return { ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/**
 * Revokes every API token of the user, the extensions' included, and refuses pairing codes issued
 * until now (a code lives 5 minutes: one taken before a password reset must not pair afterwards).
 */
export async function revokeAllApiTokens(db: Pick<Db, 'delete' | 'update'>, userId: string, now = new Date()): Promise<number> {
  const deleted = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  await db.update(users).set({ tokensRevokedAt: now }).where(eq(users.id, userId));
  return deleted.length;
}
