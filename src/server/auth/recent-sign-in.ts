import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { sessions } from '../db/schema';
import { HttpError } from '../http/errors';
import type { RequestAuth } from './request-user';

/** Accounts without a password (an external provider) prove themselves by a sign-in this recent. */
const RECENT_SIGN_IN_MS = 15 * 60_000;

/**
 * For what an account without a password may do only right after signing in (changing its address,
 * deleting itself): a 403 with `message` unless this browser's session began within 15 minutes.
 */
export async function ensureRecentSignIn(ctx: AppContext, auth: RequestAuth, message: string): Promise<void> {
  const [row] = await ctx.database.db
    .select({ sess: sessions.sess })
    .from(sessions)
    .where(eq(sessions.sid, auth.session?.sid ?? ''));
  const createdAt = Date.parse((row?.sess as { createdAt?: string } | undefined)?.createdAt ?? '');
  if (!(Date.now() - createdAt < RECENT_SIGN_IN_MS)) throw new HttpError(403, 'RECENT_SIGN_IN_REQUIRED', message);
}
