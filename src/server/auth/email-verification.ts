import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { logLinkWhenCaptured } from '../mail/captured-links';
import { dispatchMail, queueMail } from '../mail/outbox';
import { paths } from '../../shared/routes';
import { accountMessages } from '../../shared/validation-messages';
import { admit } from './rate-limit';
import { hashToken, newSecretToken } from './tokens';

/** How long a verification link works (docs/product/accounts.md, E-mail verification). */
export const VERIFICATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Resends per account: enough for a lost mail, too few to mail-bomb an address. */
const RESENDS_PER_ACCOUNT = [{ limit: 5, windowSeconds: 3600 }];

/** A fresh verification token: stored as its hash with its end, the token itself goes in the link. */
export function newVerification(now = new Date()): {
  token: string;
  columns: { verificationTokenHash: string; verificationTokenExpiresAt: Date };
} {
  const { token, hash } = newSecretToken();
  return { token, columns: { verificationTokenHash: hash, verificationTokenExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS) } };
}

/**
 * Digests, test e-mails and invitations carry words someone else may have written: they go out
 * only from, and to, an address its owner has proved (docs/product/accounts.md, Verified addresses).
 */
export function ensureVerifiedAddress(user: { emailVerified: boolean }): void {
  if (!user.emailVerified) throw new HttpError(403, 'EMAIL_NOT_VERIFIED', accountMessages.verifyFirst);
}

function verificationUrl(config: Pick<Config, 'appUrl'>, token: string): string {
  return `${config.appUrl}${paths.verifyEmail}?token=${encodeURIComponent(token)}`;
}

/**
 * Queues the verification e-mail inside the caller's transaction, which also stores the token's
 * hash on the user. Returns the outbox id to dispatch once that transaction has committed.
 */
export async function queueVerificationMail(
  tx: Pick<Db, 'insert'>,
  ctx: Pick<AppContext, 'config' | 'mail' | 'log'>,
  user: { id: string; email: string; firstName: string | null },
  token: string,
): Promise<string> {
  const verifyUrl = verificationUrl(ctx.config, token);
  logLinkWhenCaptured(ctx, 'Verification', user.email, verifyUrl);
  return queueMail(tx, {
    userId: user.id,
    to: user.email,
    template: 'verify-email',
    props: { appUrl: ctx.config.appUrl, firstName: user.firstName, verifyUrl },
  });
}

/**
 * Marks the address verified. One conditional UPDATE: of two concurrent uses, one wins. A friend
 * who joined with an invitation code now earns its sender a free month (referral.reward job).
 * `sessionUserId` is the account signed in in the browser that opened the link: when it is not this
 * account, whoever chose the password may not be the address's owner (see isAdmin). Answers false
 * when the token is not an account's verification (the route then asks the rooms that own other
 * tokens of the same link: an e-mail change's, users/email-change.ts).
 */
export async function verifyEmail(ctx: AppContext, token: string, sessionUserId: string | null): Promise<boolean> {
  const [verified] = await ctx.database.db
    .update(users)
    .set({
      emailVerified: true,
      verifiedWithoutSession: sessionUserId === null ? true : sql`${users.id} <> ${sessionUserId}`,
      verificationTokenHash: null,
      verificationTokenExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(users.verificationTokenHash, hashToken(token)), gt(users.verificationTokenExpiresAt, new Date())))
    .returning({ id: users.id, invitedById: users.invitedById });
  if (!verified) return false;
  if (verified.invitedById) await ctx.jobs.send('referral.reward', { friendId: verified.id }, { singletonKey: verified.id });
  return true;
}

/** A fresh link to the account's address; the previous one stops working. */
export async function resendVerification(ctx: AppContext, userId: string): Promise<void> {
  await admit(ctx.rateLimiter, [{ key: `verify-resend:${userId}`, rules: RESENDS_PER_ACCOUNT }]);
  const verification = newVerification();
  const outboxId = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set(verification.columns)
      .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!user) throw new HttpError(400, 'ALREADY_VERIFIED', accountMessages.alreadyVerified);
    return queueVerificationMail(tx, ctx, user, verification.token);
  });
  await dispatchMail(ctx, outboxId);
}
