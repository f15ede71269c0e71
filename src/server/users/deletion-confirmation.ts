import type { AppContext } from '../context';
import { admit } from '../auth/rate-limit';
import { loadAccount, type RequestAuth } from '../auth/request-user';
import { verifyPassword } from '../auth/passwords';
import { ensureRecentSignIn } from '../auth/recent-sign-in';
import { accountLimitKey, ipLimitKey } from '../auth/sign-in';
import { HttpError } from '../http/errors';
import type { DeleteAccountBody } from '../../shared/auth-schemas';
import { deletionMessages } from '../../shared/validation-messages';

/**
 * A signed-in browser is not proof enough to delete everything: the password is asked again, or,
 * for an account without one (signed in with Google, GitHub…), its e-mail address typed out in a
 * session begun within the last 15 minutes (auth/recent-sign-in.ts), as its address change asks.
 * Wrong passwords count against the login limits, as a password change's do.
 */
export async function confirmDeletion(ctx: AppContext, auth: RequestAuth, body: DeleteAccountBody, ip: string): Promise<void> {
  const user = await loadAccount(ctx, auth);
  if (!user.passwordHash) {
    if (body.email?.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new HttpError(400, 'EMAIL_MISMATCH', deletionMessages.emailMismatch, { email: deletionMessages.emailMismatch });
    }
    await ensureRecentSignIn(ctx, auth, deletionMessages.recentSignIn);
    return;
  }
  if (!body.password)
    throw new HttpError(400, 'PASSWORD_REQUIRED', deletionMessages.passwordRequired, { password: deletionMessages.passwordRequired });
  const attempt = await admit(ctx.rateLimiter, [accountLimitKey(user.email), ipLimitKey(ip)]);
  if (!(await verifyPassword(body.password, user.passwordHash)).ok) {
    throw new HttpError(400, 'WRONG_PASSWORD', deletionMessages.wrongPassword, { password: deletionMessages.wrongPassword });
  }
  await attempt.release();
}
