import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { dispatchMail } from '../mail/outbox';
import { trialEndFrom } from '../../shared/trial';
import { accountMessages } from '../../shared/validation-messages';
import { findUserByEmail, type User } from './current-user';
import { queueVerificationMail } from './email-verification';
import { hashPassword } from './passwords';
import { admit } from './rate-limit';
import { createSession, type NewSession } from './sessions';
import { newSecretToken } from './tokens';

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  timezone?: string;
}

/**
 * Sign-ups allowed per IP address and per address asked for, counted whether or not they succeed:
 * each one that gets as far as the password costs a 128 MiB hash.
 */
export const SIGN_UP_LIMITS = {
  ip: [
    { limit: 20, windowSeconds: 60 },
    { limit: 100, windowSeconds: 60 * 60 },
  ],
  address: [
    { limit: 5, windowSeconds: 60 },
    { limit: 20, windowSeconds: 60 * 60 },
  ],
};

/** Counts a sign-up attempt under the IP and the address, or answers 429 with Retry-After. */
export async function admitSignUp(ctx: AppContext, email: string, ip: string): Promise<void> {
  await admit(ctx.rateLimiter, [
    { key: `signup:ip:${ip}`, rules: SIGN_UP_LIMITS.ip },
    { key: `signup:address:${email.toLowerCase()}`, rules: SIGN_UP_LIMITS.address },
  ]);
}

/** A new account starts a 14-day trial with 5 invitations (PRODUCT.md point 2). */
const NEW_ACCOUNT_INVITES = 5;

export type SignUpTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * More work that belongs to the new account's transaction (redeeming an invitation code, claiming
 * a paid trial); throwing rolls the whole account back.
 */
export type SignUpStep = (tx: SignUpTransaction, user: User) => Promise<void>;

/**
 * Creates an e-mail account on a trial, in one transaction: the user, the verification token,
 * the verification e-mail in the outbox and the first session. The e-mail is dispatched after
 * the commit. An address already in use is the one answer that tells an account exists (409).
 */
export async function signUp(ctx: AppContext, input: SignUpInput, steps: SignUpStep[] = []): Promise<{ user: User; session: NewSession }> {
  // Checked before the costly hash; the insert below still settles two sign-ups racing for one address.
  if (await findUserByEmail(ctx.database.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const verification = newSecretToken();
  const now = new Date();

  const { user, session, outboxId } = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        authProvider: 'email',
        emailVerified: false,
        verificationTokenHash: verification.hash,
        accountType: 'trial',
        trialEndsAt: trialEndFrom(now),
        availableInvites: NEW_ACCOUNT_INVITES,
        timezone: input.timezone ?? 'UTC',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw emailTaken();
    for (const step of steps) await step(tx, user);
    const outboxId = await queueVerificationMail(tx, ctx.config, user, verification.token);
    const session = await createSession(tx, user.id);
    const [current] = steps.length > 0 ? await tx.select().from(users).where(eq(users.id, user.id)) : [user];
    return { user: current, session, outboxId };
  });

  await dispatchMail(ctx, outboxId);
  return { user, session };
}

function emailTaken(): HttpError {
  return new HttpError(409, 'EMAIL_TAKEN', accountMessages.emailTaken);
}
