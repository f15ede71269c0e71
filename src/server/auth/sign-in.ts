import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { accountMessages } from '../../shared/validation-messages';
import { findUserByEmail, type User } from './current-user';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { admit, type LimitedKey } from './rate-limit';

/**
 * Failed password checks allowed, per account and per IP address: a burst limit per minute and
 * at most 100 an hour per account. Counted by address whether or not an account has it, so a 429
 * tells nothing about who is registered.
 */
const PASSWORD_LIMITS = {
  account: [
    { limit: 10, windowSeconds: 60 },
    { limit: 100, windowSeconds: 60 * 60 },
  ],
  ip: [
    { limit: 30, windowSeconds: 60 },
    { limit: 300, windowSeconds: 60 * 60 },
  ],
};

export function accountLimitKey(email: string): LimitedKey {
  return { key: `password:account:${email.toLowerCase()}`, rules: PASSWORD_LIMITS.account };
}

export function ipLimitKey(ip: string): LimitedKey {
  return { key: `password:ip:${ip}`, rules: PASSWORD_LIMITS.ip };
}

/**
 * Checks an e-mail and password. Unknown address, no password (an external-provider account) and
 * wrong password get the same answer after the same work. A hash made at a lower cost than
 * today's is replaced now that the password is known.
 */
export async function signIn(ctx: AppContext, email: string, password: string, ip: string): Promise<User> {
  const attempt = await admit(ctx.rateLimiter, [accountLimitKey(email), ipLimitKey(ip)]);
  const user = await findUserByEmail(ctx.database.db, email);
  const check = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password).then(() => null);
  if (!user || !check?.ok) throw new HttpError(401, 'INVALID_CREDENTIALS', accountMessages.invalidCredentials);

  await attempt.release();
  if (check.needsRehash) {
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  return user;
}
