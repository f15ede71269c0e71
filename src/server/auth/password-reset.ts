import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { logLinkWhenCaptured } from '../mail/captured-links';
import { dispatchMail, queueMail } from '../mail/outbox';
import { paths } from '../../shared/routes';
import { accountMessages } from '../../shared/validation-messages';
import { findUserByEmail, type User } from './current-user';
import { hashPassword } from './passwords';
import { admit } from './rate-limit';
import { destroyUserSessions } from './sessions';
import { accountLimitKey } from './sign-in';
import { revokeAllApiTokens } from '../api-tokens/service';
import { hashToken, newSecretToken } from './tokens';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Reset requests per IP address (answered 429) and reset e-mails per address (skipped quietly). */
const REQUESTS_PER_IP = [{ limit: 20, windowSeconds: 15 * 60 }];
const MAILS_PER_ACCOUNT = [{ limit: 5, windowSeconds: 60 * 60 }];

function resetUrl(appUrl: string, token: string): string {
  return `${appUrl}${paths.auth}?mode=reset&token=${encodeURIComponent(token)}`;
}

/** The part of a reset request done before answering: the same for every address. */
export async function admitResetRequest(ctx: AppContext, ip: string): Promise<void> {
  await admit(ctx.rateLimiter, [{ key: `reset:ip:${ip}`, rules: REQUESTS_PER_IP }]);
}

/**
 * The part done after answering, so that neither the answer nor its timing depends on whether
 * the address has an account. A new link replaces the previous one, which stops working. An
 * account without a password (made with a sign-in provider) gets the same link, to set its first
 * one: its owner is not left without a way in when the provider is gone.
 */
export async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.database.db, email);
  if (user) await mailPasswordLink(ctx, user);
}

/**
 * Mails the account a link to choose a password: a reset, or the first password of an account
 * made with an external sign-in provider (Settings → Security). At most a few an hour per account.
 */
export async function mailPasswordLink(ctx: AppContext, user: Pick<User, 'id' | 'email' | 'firstName'>): Promise<void> {
  const { db } = ctx.database;
  const mails = await ctx.rateLimiter.attempt(`reset:account:${user.id}`, MAILS_PER_ACCOUNT);
  if (!mails.allowed) return;

  const { token, hash } = newSecretToken();
  logLinkWhenCaptured(ctx, 'Password reset', user.email, resetUrl(ctx.config.appUrl, token));
  const outboxId = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ resetTokenHash: hash, resetTokenExpiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
      .where(eq(users.id, user.id));
    return queueMail(tx, {
      userId: user.id,
      to: user.email,
      template: 'reset-password',
      props: { appUrl: ctx.config.appUrl, firstName: user.firstName, resetUrl: resetUrl(ctx.config.appUrl, token) },
    });
  });
  await dispatchMail(ctx, outboxId);
}

/** The address a valid, unexpired reset token belongs to (the reset form shows it). */
export async function findResetEmail(db: Db, token: string): Promise<string> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.resetTokenHash, hashToken(token)), gt(users.resetTokenExpiresAt, new Date())));
  if (!user) throw invalidResetLink();
  return user.email;
}

/**
 * Sets the new password and takes the account back from whoever else held it: every session ends,
 * every API token and extension pairing is revoked, and the failed-sign-in limit on the address is
 * lifted (a guesser must not lock the owner out after the reset). The token is spent by a
 * conditional UPDATE, so of two concurrent uses exactly one succeeds. Following the link proves
 * the address, so it also counts as verified, and the password is now the address owner's (the
 * ADMIN_EMAILS rights a verification from another browser held back, see isAdmin). An account of an external provider that sets its
 * first password this way signs in with e-mail and password from then on too (authProvider 'email').
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<string> {
  const { db } = ctx.database;
  // Checked first so that a made-up token costs no password hashing.
  await findResetEmail(db, token);
  const passwordHash = await hashPassword(password);
  const email = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        authProvider: 'email',
        resetTokenHash: null,
        resetTokenExpiresAt: null,
        emailVerified: true,
        verifiedWithoutSession: false,
        updatedAt: new Date(),
      })
      .where(and(eq(users.resetTokenHash, hashToken(token)), gt(users.resetTokenExpiresAt, new Date())))
      .returning({ id: users.id, email: users.email });
    if (!user) throw invalidResetLink();
    await destroyUserSessions(tx, user.id);
    await revokeAllApiTokens(tx, user.id);
    return user.email;
  });
  const failedSignIns = accountLimitKey(email);
  await ctx.rateLimiter.clear(failedSignIns.key, failedSignIns.rules);
  return email;
}

function invalidResetLink(): HttpError {
  return new HttpError(400, 'INVALID_TOKEN', accountMessages.invalidResetLink);
}
