import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { requestUserColumns, type RequestUser } from './current-user';
import { hashToken, newSecretToken } from './tokens';

/*
 * Server-side sessions in the `session` table. The cookie holds a 256-bit random token; the row's
 * sid is its SHA-256, so the table alone lets nobody in. A session ends after 30 idle days.
 */

export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** The idle expiry moves at most once an hour per session, not with a write on every request. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

export interface NewSession {
  token: string;
  expire: Date;
}

export interface ActiveSession {
  sid: string;
  userId: string;
  expire: Date;
}

/** Takes the database or an open transaction (sign-up creates its session with the account). */
export async function createSession(db: Pick<Db, 'insert'>, userId: string): Promise<NewSession> {
  const { token, hash } = newSecretToken();
  const now = new Date();
  const expire = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({ sid: hash, userId, expire, sess: { createdAt: now.toISOString() } });
  return { token, expire };
}

/**
 * Every signed-in request runs it: the session and what the request needs of its user, in one
 * round trip, prepared once (db/prepared.ts).
 */
const sessionUserBySid = preparedOnce((db) =>
  db
    .select({ sid: sessions.sid, expire: sessions.expire, user: requestUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .prepare('session_user_by_sid'),
);

/** The live session the token belongs to, with its user; null when it ended or never was. */
export async function findSessionUser(db: Db, token: string): Promise<{ session: ActiveSession; user: RequestUser } | null> {
  const [row] = await sessionUserBySid(db).execute({ sid: hashToken(token), now: new Date() });
  if (!row) return null;
  return { session: { sid: row.sid, userId: row.user.id, expire: row.expire }, user: row.user };
}

/** Whether the session's idle expiry is due to move (at most once an hour). */
export function slideIsDue(session: Pick<ActiveSession, 'expire'>, now = Date.now()): boolean {
  return now + SESSION_IDLE_MS - session.expire.getTime() >= SLIDE_EVERY_MS;
}

/** Slides the idle expiry when it is due; answers the new expiry, or null when nothing moved. */
export async function slideSession(db: Db, session: ActiveSession): Promise<Date | null> {
  const now = Date.now();
  if (!slideIsDue(session, now)) return null;
  const expire = new Date(now + SESSION_IDLE_MS);
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, session.sid));
  return expire;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

/** Signs the user out everywhere, except the session given (the one changing the password). */
export async function destroyUserSessions(db: Pick<Db, 'delete'>, userId: string, except?: ActiveSession): Promise<void> {
  const others = except ? ne(sessions.sid, except.sid) : undefined;
  await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expire, new Date()));
  return result.rowCount ?? 0;
}
