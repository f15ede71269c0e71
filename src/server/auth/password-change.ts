import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { apiTokens, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { accountMessages } from '../../shared/validation-messages';
import { hashPassword, verifyPassword } from './passwords';
import { admit } from './rate-limit';
import { loadAccount, type RequestAuth } from './request-user';
import { destroyUserSessions } from './sessions';
import { accountLimitKey, ipLimitKey } from './sign-in';

/**
 * Changes the password of a signed-in user who knows the current one, and ends every other
 * session. API tokens keep working (a script should not break because a password changed); the
 * answer counts them so that the app can offer to revoke them. Wrong current passwords count against the same limits as failed logins: a stolen
 * session must not become a way to guess the password.
 */
export async function changePassword(
  ctx: AppContext,
  auth: RequestAuth,
  currentPassword: string,
  newPassword: string,
  ip: string,
): Promise<{ apiTokenCount: number }> {
  const user = await loadAccount(ctx, auth);
  const attempt = await admit(ctx.rateLimiter, [accountLimitKey(user.email), ipLimitKey(ip)]);
  const check = user.passwordHash ? await verifyPassword(currentPassword, user.passwordHash) : null;
  if (!check?.ok)
    throw new HttpError(400, 'WRONG_PASSWORD', accountMessages.wrongCurrentPassword, {
      currentPassword: accountMessages.wrongCurrentPassword,
    });
  await attempt.release();

  const passwordHash = await hashPassword(newPassword);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await destroyUserSessions(tx, user.id, auth.session);
  });
  return { apiTokenCount: await ctx.database.db.$count(apiTokens, eq(apiTokens.userId, user.id)) };
}
