import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { dispatchMail } from '../mail/outbox';
import type { User } from '../auth/current-user';
import { newVerification, queueVerificationMail } from '../auth/email-verification';
import { ensureAllowed, type RequestAuth } from '../auth/request-user';
import type { ProfileBody } from '../../shared/auth-schemas';
import { accountMessages } from '../../shared/validation-messages';

/**
 * Updates names, picture and address. A new address is unverified until its owner follows the
 * link sent to it; an API token cannot change the address (that would open a password reset).
 */
export async function updateProfile(ctx: AppContext, auth: RequestAuth, input: ProfileBody): Promise<User> {
  const { user } = auth;
  const emailChanges = input.email !== user.email.toLowerCase();
  if (emailChanges) ensureAllowed(ctx, auth, 'changeEmail');
  const verification = emailChanges ? newVerification() : null;

  let result: { updated: User; outboxId?: string };
  try {
    result = await ctx.database.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          profileImageUrl: input.profileImageUrl,
          // A new address starts with a clean record: a bounce of the old one stops digests no more.
          ...(verification
            ? { email: input.email, emailVerified: false, ...verification.columns, mailSuppressedAt: null, mailSuppressedReason: null }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      const outboxId = verification ? await queueVerificationMail(tx, ctx, updated, verification.token) : undefined;
      return { updated, outboxId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'EMAIL_TAKEN', accountMessages.emailTaken, { email: accountMessages.emailTaken });
    throw error;
  }
  if (result.outboxId) await dispatchMail(ctx, result.outboxId);
  return result.updated;
}
