import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { dispatchMail } from '../mail/outbox';
import { INVITES } from '../../shared/plans';
import type { SignInProviderId } from '../../shared/sign-in-providers';
import { trialEndFrom } from '../../shared/trial';
import { accountMessages } from '../../shared/validation-messages';
import { findUserByEmail, type User } from './current-user';
import { newVerification, queueVerificationMail } from './email-verification';
import { hashPassword } from './passwords';
import { admit } from './rate-limit';
import { createSession, type NewSession } from './sessions';

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  /** Absent for an account of an external sign-in provider: it has no password. */
  password?: string;
  timezone?: string;
  /** The external provider the account signs in with, and whether it vouches for the address. */
  provider?: { id: SignInProviderId; emailVerified: boolean };
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

/** A new account starts a 14-day trial with 5 invitations; with billing off it is Pro, with Pro's 20 (docs/product/invitations.md). */
function invitesOfNewAccount(ctx: AppContext, now: Date) {
  return ctx.config.billing === 'off'
    ? { availableInvites: INVITES.pro, lastInviteRefreshAt: now }
    : { availableInvites: INVITES.newAccount };
}

type SignUpTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * More work that belongs to the new account's transaction (redeeming an invitation code, claiming
 * a paid trial); throwing rolls the whole account back.
 */
export type SignUpStep = (tx: SignUpTransaction, user: User) => Promise<void>;

/**
 * Creates an account on a trial, in one transaction: the user, the verification token, the
 * verification e-mail in the outbox and the first session. The e-mail is dispatched after the
 * commit. An address already in use is the one answer that tells an account exists (409). Every
 * sign-up comes through here: the forms, the paid trial's /setup-account and the external providers
 * (no password; no verification mail when the provider has verified the address).
 */
export async function signUp(ctx: AppContext, input: SignUpInput, steps: SignUpStep[] = []): Promise<{ user: User; session: NewSession }> {
  // Checked before the costly hash; the insert below still settles two sign-ups racing for one address.
  if (await findUserByEmail(ctx.database.db, input.email)) throw emailTaken();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const verifiedByProvider = input.provider?.emailVerified === true;
  const verification = verifiedByProvider ? null : newVerification(new Date());
  const now = new Date();

  const { user, session, outboxId } = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        authProvider: input.provider?.id ?? 'email',
        emailVerified: verifiedByProvider,
        ...verification?.columns,
        accountType: 'trial',
        trialEndsAt: trialEndFrom(now),
        ...invitesOfNewAccount(ctx, now),
        timezone: input.timezone ?? 'UTC',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw emailTaken();
    for (const step of steps) await step(tx, user);
    const outboxId = verification ? await queueVerificationMail(tx, ctx, user, verification.token) : null;
    const session = await createSession(tx, user.id);
    const [current] = steps.length > 0 ? await tx.select().from(users).where(eq(users.id, user.id)) : [user];
    return { user: current, session, outboxId };
  });

  if (outboxId) await dispatchMail(ctx, outboxId);
  return { user, session };
}

function emailTaken(): HttpError {
  return new HttpError(409, 'EMAIL_TAKEN', accountMessages.emailTaken);
}
