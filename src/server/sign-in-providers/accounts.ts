import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { signInIdentities, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { findUserByEmail, type User } from '../auth/current-user';
import type { NewSession } from '../auth/sessions';
import { signUp, type SignUpStep } from '../auth/sign-up';
import { invitationSteps } from '../invitations/redeem';
import type { ProviderErrorCode, ProviderStartQuery } from '../../shared/sign-in-providers';
import type { ProviderProfile } from './profiles';

export type ProviderSignIn =
  /** A returning person: the account their provider account is connected to. */
  | { kind: 'returning'; user: User }
  /** A new person: a new trial account, signed in on this session. */
  | { kind: 'created'; user: User; session: NewSession }
  /** The address has an account with a password: its owner logs in with it once to connect the provider. */
  | { kind: 'connectWithPassword' }
  | { kind: 'refused'; code: ProviderErrorCode };

const NAME_LENGTH = 100;

/**
 * What a provider sign-in leads to. The provider's subject decides, never its address: an existing
 * account with the same address is not taken over, whatever the provider says about it.
 */
export async function signInWithProvider(ctx: AppContext, profile: ProviderProfile, journey: ProviderStartQuery): Promise<ProviderSignIn> {
  const db = ctx.database.db;
  const returning = await signInByIdentity(db, profile);
  if (returning) return { kind: 'returning', user: returning };
  if (!profile.email) return { kind: 'refused', code: 'noEmail' };

  const existing = await findUserByEmail(db, profile.email);
  if (existing) return existing.passwordHash ? { kind: 'connectWithPassword' } : { kind: 'refused', code: 'otherProvider' };

  try {
    const { user, session } = await signUp(
      ctx,
      {
        email: profile.email,
        firstName: profile.firstName.slice(0, NAME_LENGTH),
        lastName: profile.lastName.slice(0, NAME_LENGTH),
        provider: { id: profile.provider, emailVerified: profile.emailVerified },
      },
      [connectStep(profile), ...invitationSteps({ invitationCode: journey.invitationCode })],
    );
    return { kind: 'created', user, session };
  } catch (error) {
    // Another sign-up took the address (or this provider account) a moment ago.
    if (error instanceof HttpError && error.code === 'EMAIL_TAKEN') return { kind: 'refused', code: 'otherProvider' };
    if (!isUniqueViolation(error)) throw error;
    const raced = await signInByIdentity(db, profile);
    return raced ? { kind: 'returning', user: raced } : { kind: 'refused', code: 'failed' };
  }
}

async function signInByIdentity(db: Db, profile: ProviderProfile): Promise<User | undefined> {
  const [identity] = await db
    .update(signInIdentities)
    .set({ lastSignInAt: new Date(), email: profile.email })
    .where(and(eq(signInIdentities.provider, profile.provider), eq(signInIdentities.subject, profile.subject)))
    .returning({ userId: signInIdentities.userId });
  if (!identity) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, identity.userId));
  return user;
}

function connectStep(profile: ProviderProfile): SignUpStep {
  return async (tx, user) => {
    await tx.insert(signInIdentities).values(identityRow(user.id, profile));
  };
}

function identityRow(userId: string, profile: ProviderProfile) {
  return { userId, provider: profile.provider, subject: profile.subject, email: profile.email, lastSignInAt: new Date() };
}

/**
 * Connects a provider account to a signed-in account (Settings → Security, or a password login
 * after a provider sign-in found the address). A provider account already connected to another
 * Stash account is refused; connecting again replaces this account's earlier one of that provider.
 */
export async function connectIdentity(db: Db, userId: string, profile: Pick<ProviderProfile, 'provider' | 'subject' | 'email'>): Promise<'connected' | 'alreadyConnected'> {
  try {
    await db
      .insert(signInIdentities)
      .values({ userId, provider: profile.provider, subject: profile.subject, email: profile.email })
      .onConflictDoUpdate({
        target: [signInIdentities.userId, signInIdentities.provider],
        set: { subject: profile.subject, email: profile.email, createdAt: sql`now()` },
      });
    return 'connected';
  } catch (error) {
    if (isUniqueViolation(error)) return 'alreadyConnected';
    throw error;
  }
}
