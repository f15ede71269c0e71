import { and, eq, inArray } from 'drizzle-orm';
import { invitations, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { AuthHooks } from '../auth/auth-hooks';
import type { SignUpStep } from '../auth/sign-up';
import type { CreateTrialAccountBody, RegisterBody } from '../../shared/auth-schemas';
import { billingMessages } from '../../shared/billing-messages';
import { normalizeInvitationCode } from './service';

/** Registration with an invitation code (POST /api/auth/register): redeemed in the new account's transaction. */
export function invitationSteps(body: Pick<RegisterBody, 'invitationCode'> | CreateTrialAccountBody): SignUpStep[] {
  const code = 'invitationCode' in body && body.invitationCode ? normalizeInvitationCode(body.invitationCode) : '';
  return code ? [redeemInvitation(code)] : [];
}

/** The invitations room's part in sign-up (auth/auth-hooks.ts). */
export const invitationAuthHooks: AuthHooks = { signUpSteps: invitationSteps };

/**
 * Marks the code used by the new account and records who invited it. One conditional UPDATE: of two
 * registrations racing for one code, the second waits for the first's row lock, finds the code used,
 * and its whole sign-up is rolled back with a 400 — no account without the code it asked for.
 */
function redeemInvitation(code: string): SignUpStep {
  return async (tx, user) => {
    const [redeemed] = await tx
      .update(invitations)
      .set({ status: 'used', recipientId: user.id, usedAt: new Date() })
      .where(and(eq(invitations.code, code), inArray(invitations.status, ['available', 'sent'])))
      .returning({ senderId: invitations.senderId });
    if (!redeemed) {
      throw new HttpError(400, 'INVALID_INVITATION', billingMessages.invalidInvitation, {
        invitationCode: billingMessages.invalidInvitation,
      });
    }
    await tx.update(users).set({ invitedById: redeemed.senderId }).where(eq(users.id, user.id));
  };
}
