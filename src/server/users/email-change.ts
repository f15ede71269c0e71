import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { emailChanges, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { dispatchMail, queueMail } from '../mail/outbox';
import { logLinkWhenCaptured } from '../mail/captured-links';
import { revokeAllApiTokens } from '../api-tokens/service';
import type { AuthHooks } from '../auth/auth-hooks';
import type { User } from '../auth/current-user';
import { queueVerificationMail, VERIFICATION_TTL_MS } from '../auth/email-verification';
import { verifyPassword } from '../auth/passwords';
import { ensureRecentSignIn } from '../auth/recent-sign-in';
import { admit } from '../auth/rate-limit';
import { ensureAllowed, type RequestAuth } from '../auth/request-user';
import { destroyUserSessions } from '../auth/sessions';
import { accountLimitKey, ipLimitKey } from '../auth/sign-in';
import { hashToken, newSecretToken } from '../auth/tokens';
import { paths } from '../../shared/routes';
import { accountMessages } from '../../shared/validation-messages';

/** The old address may undo a change this long after it took effect. */
const UNDO_TTL_MS = 7 * 24 * 3600 * 1000;

const emailInUse = () => new HttpError(409, 'EMAIL_TAKEN', accountMessages.emailInUse, { email: accountMessages.emailInUse });

/**
 * Asks for a new address: the current password first (or a recent sign-in), then a link to the new
 * address, which alone receives nothing else until it is opened (confirmEmailChange). Until then
 * the account keeps its address; a new request replaces an earlier one.
 */
export async function requestEmailChange(
  ctx: AppContext,
  auth: RequestAuth,
  account: User,
  newEmail: string,
  currentPassword: string | undefined,
  ip: string,
): Promise<void> {
  ensureAllowed(ctx, auth, 'changeEmail');
  await ensureOwnerPresent(ctx, auth, account, currentPassword, ip);
  const { db } = ctx.database;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, newEmail.toLowerCase()), ne(users.id, account.id)));
  if (taken) throw emailInUse();

  const confirm = newSecretToken();
  const outboxId = await db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, account.id), isNull(emailChanges.confirmedAt)));
    await tx.insert(emailChanges).values({
      userId: account.id,
      oldEmail: account.email,
      newEmail,
      confirmTokenHash: confirm.hash,
      confirmExpiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    await tx.update(users).set({ pendingEmail: newEmail, updatedAt: new Date() }).where(eq(users.id, account.id));
    return queueVerificationMail(tx, ctx, { id: account.id, email: newEmail, firstName: account.firstName }, confirm.token);
  });
  await dispatchMail(ctx, outboxId);
}

async function ensureOwnerPresent(
  ctx: AppContext,
  auth: RequestAuth,
  account: User,
  currentPassword: string | undefined,
  ip: string,
): Promise<void> {
  if (!account.passwordHash) {
    await ensureRecentSignIn(ctx, auth, accountMessages.recentSignInForEmail);
    return;
  }
  const missing = () =>
    new HttpError(400, 'WRONG_PASSWORD', accountMessages.currentPasswordForEmail, {
      currentPassword: accountMessages.currentPasswordForEmail,
    });
  if (!currentPassword) throw missing();
  // Wrong guesses count like failed sign-ins: a stolen session must not become a password oracle.
  const attempt = await admit(ctx.rateLimiter, [accountLimitKey(account.email), ipLimitKey(ip)]);
  const check = await verifyPassword(currentPassword, account.passwordHash);
  if (!check.ok)
    throw new HttpError(400, 'WRONG_PASSWORD', accountMessages.wrongCurrentPassword, {
      currentPassword: accountMessages.wrongCurrentPassword,
    });
  await attempt.release();
}

/**
 * The new address's link was opened: it becomes the account's, verified, and the old address is
 * told, with a link that undoes the change for 7 days. Answers false when the token is not an
 * e-mail change's (the caller then reports an invalid link).
 */
async function confirmEmailChange(ctx: AppContext, token: string, sessionUserId: string | null): Promise<boolean> {
  const { db } = ctx.database;
  const undo = newSecretToken();
  let outboxId: string | undefined;
  try {
    outboxId = await db.transaction(async (tx) => {
      const now = new Date();
      const [change] = await tx
        .update(emailChanges)
        .set({ confirmedAt: now, undoTokenHash: undo.hash, undoExpiresAt: new Date(now.getTime() + UNDO_TTL_MS) })
        .where(
          and(
            eq(emailChanges.confirmTokenHash, hashToken(token)),
            gt(emailChanges.confirmExpiresAt, now),
            isNull(emailChanges.confirmedAt),
          ),
        )
        .returning();
      if (!change) return undefined;
      const [user] = await tx
        .update(users)
        // A new address starts with a clean record: a bounce of the old one stops digests no more.
        .set({
          email: change.newEmail,
          pendingEmail: null,
          emailVerified: true,
          // As for a sign-up's link: opened without this account's session, it gives no ADMIN_EMAILS rights (isAdmin).
          verifiedWithoutSession: sessionUserId === null ? true : sql`${users.id} <> ${sessionUserId}`,
          verificationTokenHash: null,
          verificationTokenExpiresAt: null,
          mailSuppressedAt: null,
          mailSuppressedReason: null,
          updatedAt: now,
        })
        .where(eq(users.id, change.userId))
        .returning({ id: users.id, firstName: users.firstName });
      const undoUrl = `${ctx.config.appUrl}${paths.undoEmailChange}?token=${encodeURIComponent(undo.token)}`;
      logLinkWhenCaptured(ctx, 'E-mail change undo', change.oldEmail, undoUrl);
      return queueMail(tx, {
        userId: user.id,
        to: change.oldEmail,
        template: 'email-changed',
        props: { appUrl: ctx.config.appUrl, firstName: user.firstName, newEmail: change.newEmail, undoUrl },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  if (!outboxId) return false;
  await dispatchMail(ctx, outboxId);
  return true;
}

/**
 * The old address takes the account back: its address returns, and whoever changed it is shut out
 * (every session ends, every API token is revoked). The owner should then reset the password.
 */
export async function undoEmailChange(ctx: AppContext, token: string): Promise<void> {
  try {
    await ctx.database.db.transaction(async (tx) => {
      const now = new Date();
      const [change] = await tx
        .update(emailChanges)
        .set({ undoneAt: now })
        .where(and(eq(emailChanges.undoTokenHash, hashToken(token)), gt(emailChanges.undoExpiresAt, now), isNull(emailChanges.undoneAt)))
        .returning();
      if (!change) throw new HttpError(400, 'INVALID_TOKEN', accountMessages.invalidUndoLink);
      await tx
        .update(users)
        .set({
          email: change.oldEmail,
          pendingEmail: null,
          emailVerified: true,
          mailSuppressedAt: null,
          mailSuppressedReason: null,
          updatedAt: now,
        })
        .where(eq(users.id, change.userId));
      await destroyUserSessions(tx, change.userId);
      await revokeAllApiTokens(tx, change.userId, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}

/** The new address's link is the verification link (/verify-email): the token is this room's (auth/auth-hooks.ts). */
export const emailChangeAuthHooks: AuthHooks = { confirmVerificationLink: confirmEmailChange };
