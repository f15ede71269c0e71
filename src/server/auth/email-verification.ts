import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { logLinkWhenCaptured } from '../mail/captured-links';
import { queueMail } from '../mail/outbox';
import { paths } from '../../shared/routes';
import { accountMessages } from '../../shared/validation-messages';
import { hashToken } from './tokens';

export function verificationUrl(config: Pick<Config, 'appUrl'>, token: string): string {
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
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const [verified] = await ctx.database.db
    .update(users)
    .set({ emailVerified: true, verificationTokenHash: null, updatedAt: new Date() })
    .where(eq(users.verificationTokenHash, hashToken(token)))
    .returning({ id: users.id, invitedById: users.invitedById });
  if (!verified) throw new HttpError(400, 'INVALID_TOKEN', accountMessages.invalidVerificationLink);
  if (verified.invitedById) await ctx.jobs.send('referral.reward', { friendId: verified.id }, { singletonKey: verified.id });
}
